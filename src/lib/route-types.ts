import type { Article, Author, Category, Page } from '../content/index';
import type { Locale } from '../i18n/locales';

/** One `<link rel="alternate" hreflang>` entry (and one sitemap `xhtml:link`). */
export interface Alternate {
  hreflang: Locale | 'x-default';
  path: string;
}

/** One language in the language switcher of a page. */
export interface SwitcherEntry {
  locale: Locale;
  path: string;
  /** The language this page is shown in. */
  current: boolean;
  /**
   * False where the document does not exist in this language: `path` is then its fallback page in
   * that locale (`fallback`) or that locale's home.
   */
  available: boolean;
  /** `path` is the untranslated article shown under that locale with the default locale's text. */
  fallback?: true;
}

/** An article as a teaser on a list, in the list's locale. */
export interface ArticleEntry {
  article: Article;
  path: string;
  /** The text is the default locale's: the article has no translation into the list's locale. */
  fallback: boolean;
}

export interface LinkTo {
  title: string;
  path: string;
}

interface RouteBase {
  locale: Locale;
  /** Site path, with a trailing slash: `/de/articles/warum-sprachen-woerter-leihen/`. */
  path: string;
  /** Astro route params of the page file that renders this route. */
  params: Record<string, string>;
  canonicalPath: string;
  /** Whether search engines may index it: false means `noindex` and no sitemap entry. */
  indexable: boolean;
  /** Whether Pagefind indexes it (`data-pagefind-body` on `<main>`). */
  searchable: boolean;
  /** hreflang alternates including this page and `x-default`; empty when not indexable. */
  alternates: Alternate[];
  switcher: SwitcherEntry[];
}

export interface HomeRoute extends RouteBase {
  kind: 'home';
  featured: ArticleEntry | null;
  /** The newest articles written in this locale, after the featured one. */
  latest: ArticleEntry[];
  /** The newest articles not translated into this locale, shown with the default locale's text. */
  alsoInDefault: ArticleEntry[];
  categories: LinkTo[];
}

/** One page of a paginated list of teasers: the article list, a category, an author. */
export interface ListPage {
  /** 1-based page number. */
  page: number;
  totalPages: number;
  /** Articles in the whole list, on every page. */
  totalArticles: number;
  /** The articles on this page: the locale's own first, then fallbacks, as in the whole list. */
  entries: ArticleEntry[];
  /** Path of every page of this list, index 0 = page 1. */
  pagePaths: string[];
}

export interface ArticleListRoute extends RouteBase, ListPage {
  kind: 'article-list';
}

export interface ArticleRoute extends RouteBase {
  kind: 'article';
  article: Article;
  /** Rendered with the default locale's text because the article has no translation here. */
  fallback: boolean;
  /** The page of the text shown (for a fallback: the default locale's article). */
  sourcePath: string;
  authorPath: string;
  /**
   * The author's bio in every language where it is written (the page shows the one in its own
   * language, even on a fallback page): part of the route so that the page's cache key covers it.
   */
  authorBio: Author['bio'];
  categories: LinkTo[];
  /** Articles sharing a category, this locale's own first. */
  related: ArticleEntry[];
}

export interface CategoryRoute extends RouteBase, ListPage {
  kind: 'category';
  category: Category;
}

export interface AuthorRoute extends RouteBase, ListPage {
  kind: 'author';
  author: Author;
}

export interface PageRoute extends RouteBase {
  kind: 'page';
  page: Page;
}

export interface SearchRoute extends RouteBase {
  kind: 'search';
}

/** The landing page of the links in auth e-mails and of outside sign-in: the same in every locale. */
export interface AuthConfirmRoute extends RouteBase {
  kind: 'auth-confirm';
}

/** Where a member sets a new password after a recovery link. */
export interface ResetPasswordRoute extends RouteBase {
  kind: 'reset-password';
}

/** Where a reply e-mail's "stop reply e-mails" link leads (no sign-in needed); never indexed. */
export interface UnsubscribeRoute extends RouteBase {
  kind: 'unsubscribe';
}

/** The moderators' page: the same in every locale, never indexed. */
export interface ModerationRoute extends RouteBase {
  kind: 'moderation';
}

/** The member's account page: the same in every locale, never indexed. */
export interface AccountRoute extends RouteBase {
  kind: 'account';
}

/** The service worker's answer for a page not available offline; never indexed. */
export interface OfflineRoute extends RouteBase {
  kind: 'offline';
}

/** The articles kept on this device for reading offline (bookmarked and recently read). */
export interface ReadingListRoute extends RouteBase {
  kind: 'reading-list';
}

export interface NotFoundRoute extends RouteBase {
  kind: 'not-found';
}

export type Route =
  | HomeRoute
  | ArticleListRoute
  | ArticleRoute
  | CategoryRoute
  | AuthorRoute
  | PageRoute
  | SearchRoute
  | AuthConfirmRoute
  | ResetPasswordRoute
  | UnsubscribeRoute
  | ModerationRoute
  | AccountRoute
  | OfflineRoute
  | ReadingListRoute
  | NotFoundRoute;

export type RouteKind = Route['kind'];
