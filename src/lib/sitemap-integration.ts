import sitemap from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';
import { serializeSitemapItem } from './sitemap-serializer';

/**
 * `@astrojs/sitemap` with our `serialize` (fallback pages, 404 pages and the root chooser are
 * dropped there; hreflang alternates come from the routing module because slugs differ per
 * locale), given the pages already in its order.
 *
 * The integration sorts the page URLs with `localeCompare(b, 'en', { numeric: true })`, which
 * sets up a collator on every comparison: ~140,000 comparisons for the 10,700 pages of a
 * 2,000-article site took 1.3 s of every build (half of what an incremental build spends after
 * its pages are written). Sorted beforehand with one collator of the same locale and options,
 * its sort finds the order already there after one comparison per page. The sitemap is the same:
 * the integration still sorts, only faster.
 */
export function siteSitemap(): AstroIntegration {
  const base = sitemap({ serialize: serializeSitemapItem });
  const collator = new Intl.Collator('en', { numeric: true });
  const done = base.hooks['astro:build:done'];
  return {
    ...base,
    hooks: {
      ...base.hooks,
      'astro:build:done': async (params) => {
        params.pages.sort((a, b) => collator.compare(a.pathname, b.pathname));
        await done?.(params);
      },
    },
  };
}
