import { describe, expect, it } from 'vitest';
import { getRoutes } from '../../src/lib/routing';
import { indexRoutesByPath, sitemapEntryFor } from '../../src/lib/sitemap';
import { buildContent } from './helpers/site-content';

const site = 'https://press.example';
const routes = indexRoutesByPath(
  getRoutes(
    buildContent({
      articles: [
        {
          key: 'borrowing',
          slugs: { en: 'why-languages-borrow', de: 'warum-sprachen-leihen' },
          publishedAt: '2026-03-14T09:00:00Z',
        },
      ],
    }),
  ),
);
const entry = (path: string) => sitemapEntryFor(routes, { url: `${site}${path}` });

describe('sitemap entries', () => {
  it('list each translation with its own slug and x-default as hreflang alternates', () => {
    expect(entry('/de/articles/warum-sprachen-leihen/')).toEqual({
      url: `${site}/de/articles/warum-sprachen-leihen/`,
      lastmod: '2026-03-14T09:00:00Z',
      links: [
        { lang: 'en', url: `${site}/en/articles/why-languages-borrow/` },
        { lang: 'de', url: `${site}/de/articles/warum-sprachen-leihen/` },
        { lang: 'x-default', url: `${site}/en/articles/why-languages-borrow/` },
      ],
    });
  });

  it('leave out fallback pages, 404 pages and the root language chooser', () => {
    expect(entry('/fr/articles/why-languages-borrow/')).toBeUndefined();
    expect(entry('/de/404/')).toBeUndefined();
    expect(entry('/')).toBeUndefined();
  });

  it('keep locale home pages with x-default on the root chooser', () => {
    expect(entry('/ar/')?.links?.at(-1)).toEqual({ lang: 'x-default', url: `${site}/` });
  });
});
