/**
 * The one module that knows every page of the site: each locale × document route, including
 * fallback entries for articles without a translation, with its hreflang alternates and language
 * switcher. Page files ask it for their paths and props and render what they get.
 */
import type { Article, SiteContent } from '../content/index';
import { defaultLocale, locales, type Locale } from '../i18n/locales';
import {
  accountPath,
  articleListPath,
  articlePath,
  authConfirmPath,
  authorPath,
  categoryPath,
  homePath,
  moderationPath,
  notFoundPath,
  offlinePath,
  readingListPath,
  reservedSlugs,
  resetPasswordPath,
  unsubscribePath,
  searchPath,
  staticPagePath,
} from './paths';
import type {
  AccountRoute,
  Alternate,
  ArticleEntry,
  ArticleListRoute,
  ArticleRoute,
  AuthConfirmRoute,
  AuthorRoute,
  CategoryRoute,
  HomeRoute,
  LinkTo,
  ModerationRoute,
  NotFoundRoute,
  OfflineRoute,
  ReadingListRoute,
  PageRoute,
  ResetPasswordRoute,
  UnsubscribeRoute,
  Route,
  RouteKind,
  SearchRoute,
  SwitcherEntry,
} from './route-types';
import { pageCacheKey } from './page-cache-key';
import { relatedArticles } from './related-articles';
import { groupByKey, type TranslationGroup } from './translation-groups';

export const articlesPerPage = 12;
export const homeLatestCount = 6;
/** How many untranslated (default-locale) articles the home page offers in "Also in English". */
export const homeAlsoInDefaultCount = 3;
/** How many related articles close an article. */
export const relatedCount = 3;

/** Where a document exists: its path per locale, `undefined` where it has no translation. */
type PathIn = (locale: Locale) => string | undefined;

const everywhere =
  (pathOf: (locale: Locale) => string): PathIn =>
  (locale) =>
    pathOf(locale);

const routeCache = new WeakMap<SiteContent, Route[]>();

// A build runs two copies of this module, as of the content module: the pages' bundle and the
// source astro.config.mjs imports for the sitemap. The pages publish their routes here, by content
// object, so that the sitemap does not work out all 10,000 routes of a large site a second time.
const builtKey = Symbol.for('polyglot-press:routes');
const built = globalThis as { [builtKey]?: WeakMap<SiteContent, Route[]> | undefined };

/** Every route of the site, computed once per content object. */
export function getRoutes(content: SiteContent): Route[] {
  let routes = routeCache.get(content);
  if (routes === undefined) {
    routes = buildRoutes(content);
    routeCache.set(content, routes);
    (built[builtKey] ??= new WeakMap()).set(content, routes);
  }
  return routes;
}

/**
 * For build hooks that run after the pages (the sitemap): the routes the pages rendered from this
 * content object, or computed here when no page did. Pages use `getRoutes`, which never reads
 * another copy's routes (after an edit in `astro dev` that copy's code may be older).
 */
export function getBuiltRoutes(content: SiteContent): Route[] {
  return built[builtKey]?.get(content) ?? getRoutes(content);
}

/**
 * `getStaticPaths()` entries for one page file: Astro params plus the route as the `route` prop,
 * and the `cacheKey` with which the incremental build reuses an unchanged page (page-cache-key.ts).
 *
 * @example getStaticPathsOf(content, 'article-list', (route) => route.page > 1)
 */
export function getStaticPathsOf<K extends RouteKind>(
  content: SiteContent,
  kind: K,
  include: (route: Extract<Route, { kind: K }>) => boolean = () => true,
): {
  params: Record<string, string>;
  props: { route: Extract<Route, { kind: K }> };
  cacheKey?: string;
}[] {
  return getRoutes(content)
    .filter((route): route is Extract<Route, { kind: K }> => route.kind === kind)
    .filter(include)
    .map((route) => {
      const cacheKey = pageCacheKey(content, route);
      return { params: route.params, props: { route }, ...(cacheKey && { cacheKey }) };
    });
}

/**
 * Every article as readers of `locale` reach it (its translation or its English fallback), by
 * article key: what islands that link to articles (bookmarks, the moderation queue) are given.
 */
export function getArticleLinks(
  content: SiteContent,
  locale: Locale,
): Record<string, { title: string; path: string }> {
  const links: Record<string, { title: string; path: string }> = {};
  for (const route of getRoutes(content)) {
    if (route.kind === 'article' && route.locale === locale) {
      links[route.article.key] = { title: route.article.title, path: route.path };
    }
  }
  return links;
}

/** The articles of a locale's feed: its own translations only, newest first. */
export function getFeedEntries(content: SiteContent, locale: Locale): ArticleEntry[] {
  return content.articles[locale].map((article) => ({
    article,
    path: articlePath(locale, article.slug),
    fallback: false,
  }));
}

function buildRoutes(content: SiteContent): Route[] {
  const articleGroups = groupByKey(content.articles, 'article');
  const categoryGroups = groupByKey(content.categories, 'category');
  const pageGroups = groupByKey(content.pages, 'page');

  const pathsOf =
    <T extends { slug: string }>(
      group: TranslationGroup<T> | undefined,
      toPath: (locale: Locale, slug: string) => string,
    ): PathIn =>
    (locale) => {
      const document = group?.[locale];
      return document === undefined ? undefined : toPath(locale, document.slug);
    };

  const categoryLink = (locale: Locale, key: string): LinkTo | undefined => {
    // A category missing in this locale links to the default locale's page rather than to nothing.
    const group = categoryGroups.get(key);
    const category = group?.[locale] ?? group?.[defaultLocale];
    if (category === undefined) return undefined;
    return { title: category.title, path: categoryPath(category.language, category.slug) };
  };

  // Every list of the site is cut from these: a locale's reachable articles, own first.
  const entriesIn = new Map(
    locales.map((locale) => [locale, listEntries(content, locale, articleGroups)]),
  );
  const entriesOf = (locale: Locale) => entriesIn.get(locale) ?? [];
  const inCategory = (key: string) => (entry: ArticleEntry) =>
    entry.article.categories.some((category) => category.key === key);
  const byAuthor = (id: string) => (entry: ArticleEntry) => entry.article.author._id === id;
  // How many articles a category or author lists in each locale: which of its pages exist there.
  const categoryCounts = countsIn(entriesIn, (entry) =>
    entry.article.categories.map((category) => category.key),
  );
  const authorCounts = countsIn(entriesIn, (entry) => [entry.article.author._id]);
  const authorBios = new Map(content.authors.map((author) => [author._id, author.bio]));

  const routes: Route[] = [];
  for (const locale of locales) {
    const entries = entriesOf(locale);
    const relatedOf = relatedArticles(entries, relatedCount);
    routes.push(homeRoute(content, locale, entries));
    routes.push(
      ...listRoutes(locale, entries, articleListPath, (other) => entriesOf(other).length, {
        locale,
      }).map((route): ArticleListRoute => ({ ...route, kind: 'article-list' })),
    );

    for (const entry of entries) {
      const { article } = entry;
      const pathIn = pathsOf(articleGroups.get(article.key), articlePath);
      const categories = article.categories
        .map((category) => categoryLink(locale, category.key))
        .filter((link) => link !== undefined);
      // Where the article has no translation, the switcher leads to its fallback page in that
      // locale (it exists whenever the article exists in the default locale), not to the home page.
      const group = articleGroups.get(article.key);
      const source = group?.[defaultLocale];
      const fallbackIn: PathIn = (other) =>
        source === undefined || group?.[other] !== undefined
          ? undefined
          : articlePath(other, source.slug);
      const authorBio = authorBios.get(article.author._id) ?? {};
      routes.push(
        articleRoute(locale, entry, pathIn, fallbackIn, categories, relatedOf(entry), authorBio),
      );
    }

    for (const category of content.categories[locale]) {
      const group = categoryGroups.get(category.key);
      const pathOf = (other: Locale, page: number) =>
        categoryPath(other, group?.[other]?.slug ?? category.slug, page);
      const countIn = (other: Locale) =>
        group?.[other] === undefined
          ? undefined
          : (categoryCounts.get(other)?.get(category.key) ?? 0);
      // Category and author pages only repeat their articles' teasers: left out of the search
      // index (listRoutes), so a search finds the articles themselves rather than pages listing them.
      const pages = listRoutes(locale, entries.filter(inCategory(category.key)), pathOf, countIn, {
        locale,
        slug: category.slug,
      });
      routes.push(
        ...pages.map((route): CategoryRoute => ({ ...route, kind: 'category', category })),
      );
    }

    for (const author of content.authors) {
      const pathOf = (other: Locale, page: number) => authorPath(other, author.slug, page);
      const countIn = (other: Locale) => authorCounts.get(other)?.get(author._id) ?? 0;
      const pages = listRoutes(locale, entries.filter(byAuthor(author._id)), pathOf, countIn, {
        locale,
        slug: author.slug,
      });
      routes.push(...pages.map((route): AuthorRoute => ({ ...route, kind: 'author', author })));
    }

    for (const page of content.pages[locale]) {
      if (reservedSlugs.has(page.slug)) {
        throw new Error(
          `Page "${page._id}" has the slug "${page.slug}", which is reserved for another route (${[...reservedSlugs].join(', ')})`,
        );
      }
      const pathIn = pathsOf(pageGroups.get(page.key), staticPagePath);
      routes.push({
        ...documentBase(locale, staticPagePath(locale, page.slug), pathIn, true),
        params: { locale, slug: page.slug },
        kind: 'page',
        page,
      } satisfies PageRoute);
    }

    // E-mail links and outside sign-in land here; never indexed.
    routes.push({
      ...documentBase(locale, authConfirmPath(locale), everywhere(authConfirmPath), false),
      params: { locale },
      indexable: false,
      alternates: [],
      kind: 'auth-confirm',
    } satisfies AuthConfirmRoute);
    routes.push({
      ...documentBase(locale, resetPasswordPath(locale), everywhere(resetPasswordPath), false),
      params: { locale },
      indexable: false,
      alternates: [],
      kind: 'reset-password',
    } satisfies ResetPasswordRoute);
    routes.push({
      ...documentBase(locale, unsubscribePath(locale), everywhere(unsubscribePath), false),
      params: { locale },
      indexable: false,
      alternates: [],
      kind: 'unsubscribe',
    } satisfies UnsubscribeRoute);

    routes.push({
      ...documentBase(locale, searchPath(locale), everywhere(searchPath), false),
      params: { locale },
      kind: 'search',
    } satisfies SearchRoute);

    routes.push({
      ...documentBase(locale, moderationPath(locale), everywhere(moderationPath), false),
      params: { locale },
      indexable: false,
      kind: 'moderation',
    } satisfies ModerationRoute);

    routes.push({
      ...documentBase(locale, accountPath(locale), everywhere(accountPath), false),
      params: { locale },
      indexable: false,
      kind: 'account',
    } satisfies AccountRoute);

    routes.push({
      ...documentBase(locale, readingListPath(locale), everywhere(readingListPath), false),
      params: { locale },
      indexable: false,
      kind: 'reading-list',
    } satisfies ReadingListRoute);

    routes.push({
      ...documentBase(locale, offlinePath(locale), everywhere(homePath), false),
      params: { locale },
      indexable: false,
      alternates: [],
      kind: 'offline',
    } satisfies OfflineRoute);

    routes.push({
      ...documentBase(locale, notFoundPath(locale), everywhere(homePath), false),
      params: { locale },
      indexable: false,
      alternates: [],
      kind: 'not-found',
    } satisfies NotFoundRoute);
  }
  assertUniquePaths(routes);
  return routes;
}

/**
 * The articles readers of `locale` can reach: its own translations first, newest first, then the
 * default locale's articles that have no translation into it (rendered as fallbacks), newest
 * first. A reader of German meets German articles before English ones, however new those are.
 */
function listEntries(
  content: SiteContent,
  locale: Locale,
  articleGroups: Map<string, TranslationGroup<Article>>,
): ArticleEntry[] {
  const own = getFeedEntries(content, locale);
  if (locale === defaultLocale) return own;
  const fallbacks = content.articles[defaultLocale]
    .filter((article) => articleGroups.get(article.key)?.[locale] === undefined)
    .map((article) => ({ article, path: articlePath(locale, article.slug), fallback: true }));
  return [...own.sort(newestFirst), ...fallbacks.sort(newestFirst)];
}

function newestFirst(a: ArticleEntry, b: ArticleEntry): number {
  return b.article.publishedAt.localeCompare(a.article.publishedAt) || a.path.localeCompare(b.path);
}

function homeRoute(content: SiteContent, locale: Locale, entries: ArticleEntry[]): HomeRoute {
  // Featured and latest: articles written in this locale; a fallback is featured only if there
  // is none. Untranslated articles get their own, labelled part ("Also in English").
  const featured = entries.find((entry) => !entry.fallback) ?? entries[0] ?? null;
  const rest = entries.filter((entry) => entry !== featured);
  return {
    ...documentBase(locale, homePath(locale), everywhere(homePath), false),
    // x-default of the home pages is the root, which picks the reader's language.
    alternates: alternatesOf(everywhere(homePath), '/'),
    params: { locale },
    kind: 'home',
    featured,
    latest: rest.filter((entry) => !entry.fallback).slice(0, homeLatestCount),
    alsoInDefault: rest.filter((entry) => entry.fallback).slice(0, homeAlsoInDefaultCount),
    categories: content.categories[locale].map((category) => ({
      title: category.title,
      path: categoryPath(locale, category.slug),
    })),
  };
}

/**
 * A list of teasers cut into pages of `articlesPerPage` (one empty page when it has none): page 1
 * at `pathOf(locale, 1)`, page n at `pathOf(locale, n)`. Page n of the same list in another locale
 * is its alternate where that list exists (`countIn` gives its length) and is as long.
 */
function listRoutes(
  locale: Locale,
  entries: ArticleEntry[],
  pathOf: (locale: Locale, page: number) => string,
  countIn: (locale: Locale) => number | undefined,
  params: Record<string, string>,
) {
  const pageCount = (count: number) => Math.max(1, Math.ceil(count / articlesPerPage));
  const totalPages = pageCount(entries.length);
  const pagePaths = Array.from({ length: totalPages }, (_, index) => pathOf(locale, index + 1));
  return pagePaths.map((path, index) => {
    const page = index + 1;
    const pathIn: PathIn = (other) => {
      const count = countIn(other);
      return count !== undefined && pageCount(count) >= page ? pathOf(other, page) : undefined;
    };
    return {
      ...documentBase(locale, path, pathIn, false),
      params: page === 1 ? params : { ...params, page: String(page) },
      page,
      totalPages,
      totalArticles: entries.length,
      entries: entries.slice(index * articlesPerPage, page * articlesPerPage),
      pagePaths,
    } satisfies Omit<ArticleListRoute, 'kind'>;
  });
}

/** How many entries each locale's list holds per key (a category key, an author id). */
function countsIn(
  entriesIn: Map<Locale, ArticleEntry[]>,
  keysOf: (entry: ArticleEntry) => string[],
): Map<Locale, Map<string, number>> {
  const counts = new Map<Locale, Map<string, number>>();
  for (const [locale, entries] of entriesIn) {
    const ofLocale = new Map<string, number>();
    for (const entry of entries) {
      for (const key of keysOf(entry)) ofLocale.set(key, (ofLocale.get(key) ?? 0) + 1);
    }
    counts.set(locale, ofLocale);
  }
  return counts;
}

function articleRoute(
  locale: Locale,
  entry: ArticleEntry,
  pathIn: PathIn,
  fallbackIn: PathIn,
  categories: LinkTo[],
  related: ArticleEntry[],
  authorBio: ArticleRoute['authorBio'],
): ArticleRoute {
  const { article, fallback } = entry;
  const sourcePath = articlePath(article.language, article.slug);
  const base = documentBase(locale, entry.path, pathIn, !fallback);
  return {
    ...base,
    ...(fallback
      ? // A fallback duplicates the source page: it points search engines there and stays out of
        // hreflang, the sitemap and this locale's search index (PRODUCT.md §3).
        { canonicalPath: sourcePath, indexable: false, searchable: false, alternates: [] }
      : {}),
    switcher: switcherOf(locale, entry.path, pathIn, !fallback, fallbackIn),
    params: { locale, slug: article.slug },
    kind: 'article',
    article,
    fallback,
    sourcePath,
    authorPath: authorPath(locale, article.author.slug),
    authorBio,
    categories,
    related,
  };
}

/** The fields every route shares, for a page that exists where `pathIn` says. */
function documentBase(locale: Locale, path: string, pathIn: PathIn, searchable: boolean) {
  return {
    locale,
    path,
    canonicalPath: path,
    indexable: true,
    searchable,
    alternates: alternatesOf(pathIn, pathIn(defaultLocale)),
    switcher: switcherOf(locale, path, pathIn, true),
  };
}

function alternatesOf(pathIn: PathIn, xDefault: string | undefined): Alternate[] {
  const alternates: Alternate[] = [];
  for (const locale of locales) {
    const path = pathIn(locale);
    if (path !== undefined) alternates.push({ hreflang: locale, path });
  }
  if (xDefault !== undefined) alternates.push({ hreflang: 'x-default', path: xDefault });
  return alternates;
}

/**
 * The language switcher: the same document in each locale under its own slug; where it has no
 * translation, the entry is marked unavailable and leads to its fallback page in that locale
 * (`fallbackIn`, articles only) or else to that locale's home.
 */
function switcherOf(
  current: Locale,
  currentPath: string,
  pathIn: PathIn,
  currentAvailable: boolean,
  fallbackIn: PathIn = () => undefined,
): SwitcherEntry[] {
  return locales.map((locale): SwitcherEntry => {
    if (locale === current) {
      return { locale, path: currentPath, current: true, available: currentAvailable };
    }
    const path = pathIn(locale);
    if (path !== undefined) return { locale, path, current: false, available: true };
    const fallback = fallbackIn(locale);
    return fallback === undefined
      ? { locale, path: homePath(locale), current: false, available: false }
      : { locale, path: fallback, current: false, available: false, fallback: true };
  });
}

function assertUniquePaths(routes: Route[]): void {
  const seen = new Map<string, Route>();
  for (const route of routes) {
    const other = seen.get(route.path);
    if (other !== undefined) {
      throw new Error(
        `Two pages would be written to ${route.path}: ${describeRoute(other)} and ${describeRoute(route)}`,
      );
    }
    seen.set(route.path, route);
  }
}

function describeRoute(route: Route): string {
  switch (route.kind) {
    case 'article':
      return `${route.fallback ? 'fallback of ' : ''}article "${route.article._id}"`;
    case 'category':
      return `page ${route.page} of category "${route.category._id}"`;
    case 'author':
      return `page ${route.page} of author "${route.author._id}"`;
    case 'page':
      return `page "${route.page._id}"`;
    default:
      return `the ${route.kind} page`;
  }
}
