/**
 * The `cacheKey` of a page for Astro's incremental build (`experimental.incrementalBuild`): a
 * digest of everything the page renders from the content. A page whose key and code are the same
 * as in the previous build is not rendered again; Astro copies its last output (and replays its
 * images) from the cache in `node_modules/.astro/`.
 *
 * What a page renders from the content is its route (the `route` prop: the document, its lists,
 * related articles, switcher and alternates, all computed by `routing.ts`) plus what its layout and
 * components read from `getSiteContent()` directly: `readOutsideRoute` below. Pages whose content
 * comes from elsewhere (account and moderation read every article link) get no key and always
 * render; so do the endpoints (RSS, `article-index.json`) and the aggregate files (sitemap,
 * Pagefind), which Astro and the integrations write again on every build.
 */
import { createHash } from 'node:crypto';
import type { Article, SiteContent } from '../content/index';
import type { ArticleEntry, Route, RouteKind } from './route-types';

/** The route kinds whose pages render only their route and `readOutsideRoute`. */
const keyedKinds: ReadonlySet<RouteKind> = new Set([
  'home',
  'article-list',
  'article',
  'category',
  'author',
  'page',
]);

/**
 * The parts of the content that layouts and components of keyed pages read besides the route:
 * BaseLayout, SiteHeader and ArticleListPage the settings, SiteFooter the pages, images the source.
 * (The authors are not among them: an article page gets its author's bios in its route, so a
 * renamed author renders the pages that show the author's articles, not every page.)
 * `tests/unit/page-cache-key.test.ts` fails when a keyed page's files read another part.
 */
export const readOutsideRoute = ['settings', 'pages', 'source'] as const;

const sharedDigests = new WeakMap<SiteContent, string>();

function sharedDigest(content: SiteContent): string {
  let digest = sharedDigests.get(content);
  if (digest === undefined) {
    const hash = createHash('sha256');
    for (const part of readOutsideRoute) hash.update(JSON.stringify(content[part])).update('\n');
    digest = hash.digest('base64url');
    sharedDigests.set(content, digest);
  }
  return digest;
}

const articleDigests = new WeakMap<Article, string>();

/** A digest of the article's JSON, made once per build for each article object. */
function articleDigest(article: Article): string {
  let digest = articleDigests.get(article);
  if (digest === undefined) {
    digest = createHash('sha256').update(JSON.stringify(article)).digest('base64url');
    articleDigests.set(article, digest);
  }
  return digest;
}

const withDigest = (entry: ArticleEntry) => ({ ...entry, article: articleDigest(entry.article) });

/**
 * The route as JSON, with each article (`article` of the route and of every list entry) written
 * as a digest of its own JSON. The same article object appears in many routes (its page, its
 * siblings' switchers, every list, category, author and home page that shows it): it is written
 * out once per build instead of once per route, which took 3 s of a 2,000-article build. The
 * articles are swapped in shallow copies, not by a `JSON.stringify` replacer, which was called for
 * every value of every route (4 s of an edit at 20,000 articles); the JSON is the same.
 */
function routeJson(route: Route): string {
  switch (route.kind) {
    case 'article':
      return JSON.stringify({
        ...route,
        article: articleDigest(route.article),
        related: route.related.map(withDigest),
      });
    case 'home':
      return JSON.stringify({
        ...route,
        featured: route.featured && withDigest(route.featured),
        latest: route.latest.map(withDigest),
        alsoInDefault: route.alsoInDefault.map(withDigest),
      });
    case 'article-list':
    case 'category':
    case 'author':
      return JSON.stringify({ ...route, entries: route.entries.map(withDigest) });
    default:
      return JSON.stringify(route);
  }
}

/** The page's `cacheKey`, or `undefined` for a page that must always render. */
export function pageCacheKey(content: SiteContent, route: Route): string | undefined {
  if (!keyedKinds.has(route.kind)) return undefined;
  return createHash('sha256')
    .update(sharedDigest(content))
    .update('\n')
    .update(routeJson(route))
    .digest('base64url');
}
