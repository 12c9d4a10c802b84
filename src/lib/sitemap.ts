import type { SitemapItem } from '@astrojs/sitemap';
import type { Route } from './route-types';

/**
 * Turns one URL of the build into its sitemap entry, or drops it: pages the routing module marks
 * as not indexable (fallbacks, 404s) and URLs it does not know (the root language chooser) stay
 * out; every other page lists its hreflang alternates, including `x-default`.
 */
export function sitemapEntryFor(
  routesByPath: ReadonlyMap<string, Route>,
  item: SitemapItem,
): SitemapItem | undefined {
  const url = new URL(item.url);
  const route = routesByPath.get(url.pathname);
  if (route === undefined || !route.indexable) return undefined;
  const entry: SitemapItem = {
    ...item,
    links: route.alternates.map((alternate) => ({
      lang: alternate.hreflang,
      url: new URL(alternate.path, url).href,
    })),
  };
  if (route.kind === 'article') {
    entry.lastmod = route.article.updatedAt ?? route.article.publishedAt;
  }
  return entry;
}

export function indexRoutesByPath(routes: Route[]): Map<string, Route> {
  return new Map(routes.map((route) => [route.path, route]));
}
