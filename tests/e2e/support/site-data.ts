/**
 * Test data builders: the tests pick their pages from the same content and routing module the
 * build used (same `CONTENT_DATASET_DIR` / `SANITY_*` environment), so they follow the dataset
 * as writers add articles instead of hard-coding slugs.
 */
import { readUiStrings } from './ui-strings.ts';
import { getSiteContent, type SiteContent } from '../../../src/content/index.ts';
import { locales, type Locale } from '../../../src/i18n/locales.ts';
import { getRoutes } from '../../../src/lib/routing.ts';
import type {
  ArticleListRoute,
  ArticleRoute,
  AuthorRoute,
  CategoryRoute,
  Route,
  RouteKind,
} from '../../../src/lib/route-types.ts';

export type { ArticleRoute, Locale, Route };
export { locales };

export interface SiteData {
  content: SiteContent;
  routes: Route[];
}

let siteData: Promise<SiteData> | undefined;

/** The site's content and routes, loaded once per worker. */
export function loadSiteData(): Promise<SiteData> {
  siteData ??= getSiteContent().then((content) => ({ content, routes: getRoutes(content) }));
  return siteData;
}

export function routesOf<K extends RouteKind>(
  data: SiteData,
  kind: K,
  locale?: Locale,
): Extract<Route, { kind: K }>[] {
  return data.routes.filter(
    (route): route is Extract<Route, { kind: K }> =>
      route.kind === kind && (locale === undefined || route.locale === locale),
  );
}

/** The one route of a kind in a locale (home, search, 404) or the first of several. */
export function aRoute<K extends RouteKind>(
  data: SiteData,
  kind: K,
  locale: Locale,
): Extract<Route, { kind: K }> {
  return found(routesOf(data, kind, locale)[0], `a ${kind} page in ${locale}`);
}

export interface ArticleWanted {
  locale: Locale;
  /** Shown with the default locale's text because it has no translation into `locale`. */
  fallback?: boolean;
  /** Locales the article must also exist in (with their own text). */
  translatedTo?: Locale[];
  /** Locales it must have no translation in. */
  missingIn?: Locale[];
  /** Locales whose translation has a slug of its own (not the same words as this page's). */
  slugDiffersIn?: Locale[];
  withCategories?: boolean;
}

/** The newest article page that matches every wish, or a test failure that says which is missing. */
export function anArticle(data: SiteData, wanted: ArticleWanted): ArticleRoute {
  const match = routesOf(data, 'article', wanted.locale).find((route) => {
    const present = new Set([
      route.article.language,
      ...route.article.translations.map((link) => link.language),
    ]);
    return (
      (wanted.fallback === undefined || route.fallback === wanted.fallback) &&
      (wanted.translatedTo ?? []).every((locale) => present.has(locale)) &&
      (wanted.missingIn ?? []).every((locale) => !present.has(locale)) &&
      (wanted.slugDiffersIn ?? []).every((locale) =>
        route.article.translations.some(
          (link) => link.language === locale && link.slug !== route.article.slug,
        ),
      ) &&
      (wanted.withCategories !== true || route.categories.length > 0)
    );
  });
  return found(match, `an article page matching ${JSON.stringify(wanted)}`);
}

/** The path of the same article in another locale, from its translation links. */
export function translationPath(route: ArticleRoute, locale: Locale): string {
  const entry = route.switcher.find((candidate) => candidate.locale === locale);
  if (entry === undefined || !entry.available) {
    throw new Error(`${route.path} has no ${locale} translation`);
  }
  return entry.path;
}

/** Pages of the article list in a locale, page 1 first. */
export function articleListPages(data: SiteData, locale: Locale): ArticleListRoute[] {
  return routesOf(data, 'article-list', locale).sort((a, b) => a.page - b.page);
}

/**
 * The pages of a category's or author's list in a locale that fills more than one page, page 1
 * first, the shortest, preferring one whose pages hold fallbacks; `undefined` when every such list of the
 * dataset fits on one page (the embedded dataset: see README, "A large dataset").
 */
export function aPaginatedList(
  data: SiteData,
  kind: 'category' | 'author',
  locale: Locale,
): (CategoryRoute | AuthorRoute)[] | undefined {
  const lists = new Map<string, (CategoryRoute | AuthorRoute)[]>();
  for (const route of routesOf(data, kind, locale)) {
    const first = route.pagePaths[0] ?? route.path;
    lists.set(first, [...(lists.get(first) ?? []), route]);
  }
  // The shortest such list: a test that opens every page stays quick at 2,000 articles.
  const long = [...lists.values()]
    .filter((pages) => pages.length > 1)
    .sort((a, b) => a.length - b.length)
    .map((pages) => pages.sort((a, b) => a.page - b.page));
  return (
    long.find((pages) => pages.some((route) => route.entries.some((entry) => entry.fallback))) ??
    long[0]
  );
}

export type PageType =
  | 'home'
  | 'article list'
  | 'article'
  | 'fallback article'
  | 'category'
  | 'author'
  | 'static page'
  | 'search'
  | '404';

export const pageTypes: readonly PageType[] = [
  'home',
  'article list',
  'article',
  'fallback article',
  'category',
  'author',
  'static page',
  'search',
  '404',
];

/**
 * The path of one page of a type in a locale, for checks every kind of page must pass;
 * `undefined` for a fallback article in a locale that has none (the default locale).
 */
export function pathOfPageType(data: SiteData, locale: Locale, type: PageType): string | undefined {
  switch (type) {
    case 'home':
      return aRoute(data, 'home', locale).path;
    case 'article list':
      return aRoute(data, 'article-list', locale).path;
    case 'article':
      return anArticle(data, { locale, fallback: false }).path;
    case 'fallback article':
      return routesOf(data, 'article', locale).find((route) => route.fallback)?.path;
    case 'category':
      return aRoute(data, 'category', locale).path;
    case 'author':
      return aRoute(data, 'author', locale).path;
    case 'static page':
      return aRoute(data, 'page', locale).path;
    case 'search':
      return aRoute(data, 'search', locale).path;
    case '404':
      return aRoute(data, 'not-found', locale).path;
  }
}

/**
 * A word of a German title or excerpt (at least eight letters) that appears nowhere in the
 * content or UI strings of the other locales, so no other locale's search index holds it.
 */
export function aGermanOnlyWord(data: SiteData): { word: string; article: ArticleRoute } {
  const otherWords = new Set(
    locales
      .filter((locale) => locale !== 'de')
      .flatMap((locale): unknown[] => [
        data.content.articles[locale],
        data.content.categories[locale],
        data.content.pages[locale],
        data.content.settings[locale],
        readUiStrings(locale),
      ])
      .concat([data.content.authors])
      .flatMap((documents) => wordsOf(JSON.stringify(documents))),
  );
  for (const route of routesOf(data, 'article', 'de').filter((candidate) => !candidate.fallback)) {
    const words = `${route.article.title} ${route.article.excerpt}`.match(/\p{L}{8,}/gu) ?? [];
    const word = words.find((candidate) => !otherWords.has(normalizeWord(candidate)));
    if (word !== undefined) return { word, article: route };
  }
  throw new Error('The dataset has no German article with a word that no other locale uses');
}

/** Words as Pagefind compares them: lowercase, without diacritics. */
function wordsOf(text: string): string[] {
  return normalizeWord(text).match(/\p{L}+/gu) ?? [];
}

export function normalizeWord(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The dataset has no ${what}`);
  return value;
}
