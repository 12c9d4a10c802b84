import type { SitemapItem } from '@astrojs/sitemap';
import { getBuiltSiteContent } from '../content/index';
import type { Route } from './route-types';
import { getBuiltRoutes } from './routing';
import { indexRoutesByPath, sitemapEntryFor } from './sitemap';

let routesByPath: Promise<Map<string, Route>> | undefined;

/**
 * `serialize` option of `@astrojs/sitemap`. It runs after the pages are written, so it reuses the
 * content they loaded and the routes they rendered (the config file must not query content on
 * every `astro` command).
 */
export async function serializeSitemapItem(item: SitemapItem): Promise<SitemapItem | undefined> {
  routesByPath ??= getBuiltSiteContent().then((content) =>
    indexRoutesByPath(getBuiltRoutes(content)),
  );
  return sitemapEntryFor(await routesByPath, item);
}
