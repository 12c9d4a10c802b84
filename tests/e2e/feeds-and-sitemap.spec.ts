import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { anArticle, locales, routesOf } from './support/site-data.ts';

interface SitemapUrl {
  path: string;
  alternates: { hreflang: string; path: string }[];
}

async function fetchText(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), `status of ${path}`).toBe(200);
  return response.text();
}

/** Every `<url>` of the sitemap index's sitemaps, as site paths with their hreflang alternates. */
async function readSitemap(request: APIRequestContext): Promise<SitemapUrl[]> {
  const index = await fetchText(request, '/sitemap-index.xml');
  const sitemapPaths = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    ([, loc]) => new URL(loc ?? '').pathname,
  );
  expect(sitemapPaths.length).toBeGreaterThan(0);
  const urls: SitemapUrl[] = [];
  for (const sitemapPath of sitemapPaths) {
    const xml = await fetchText(request, sitemapPath);
    for (const [, body = ''] of xml.matchAll(/<url>(.*?)<\/url>/gs)) {
      urls.push({
        path: new URL(/<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? '').pathname,
        alternates: [...body.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(
          ([, hreflang = '', href = '']) => ({ hreflang, path: new URL(href).pathname }),
        ),
      });
    }
  }
  return urls;
}

for (const locale of locales) {
  test(`the ${locale} RSS feed lists the ${locale} articles, newest first, and no fallbacks`, async ({
    data,
    request,
  }) => {
    const xml = await fetchText(request, `/${locale}/rss.xml`);
    expect(xml).toContain(`<language>${locale}</language>`);
    const links = [...xml.matchAll(/<item>.*?<link>([^<]+)<\/link>/gs)].map(
      ([, link]) => new URL(link ?? '').pathname,
    );
    const own = routesOf(data, 'article', locale).filter((route) => !route.fallback);
    expect(links).toEqual(own.map((route) => route.path));
  });
}

test('the sitemap lists every indexable page with its hreflang alternates and no fallbacks', async ({
  data,
  request,
}) => {
  const urls = await readSitemap(request);
  const byPath = new Map(urls.map((url) => [url.path, url]));

  const indexable = data.routes.filter((route) => route.indexable).map((route) => route.path);
  expect([...byPath.keys()].sort()).toEqual([...indexable].sort());

  const fallbacks = routesOf(data, 'article').filter((route) => route.fallback);
  expect(fallbacks.length).toBeGreaterThan(0);
  for (const fallback of fallbacks) expect(byPath.has(fallback.path)).toBe(false);
  expect(byPath.has('/de/404/')).toBe(false);

  const translated = anArticle(data, { locale: 'en', fallback: false, translatedTo: ['de', 'fr'] });
  const entry = byPath.get(translated.path);
  expect(entry?.alternates).toEqual(
    expect.arrayContaining([
      { hreflang: 'en', path: translated.path },
      { hreflang: 'de', path: translated.switcher.find((s) => s.locale === 'de')?.path ?? '' },
      { hreflang: 'fr', path: translated.switcher.find((s) => s.locale === 'fr')?.path ?? '' },
      { hreflang: 'x-default', path: translated.path },
    ]),
  );
  for (const alternate of entry?.alternates ?? []) {
    expect(fallbacks.map((fallback) => fallback.path)).not.toContain(alternate.path);
  }
});
