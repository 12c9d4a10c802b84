import { expect, test } from './support/fixtures.ts';
import { locales, pageTypes, pathOfPageType } from './support/site-data.ts';

const contentPageTypes = pageTypes.filter((type) => type !== 'search');

for (const locale of locales) {
  test(`${locale} content pages load no JavaScript`, async ({ data, site, page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const type of contentPageTypes) {
      const path = pathOfPageType(data, locale, type);
      if (path === undefined) continue;
      await site.open(path);
      // JSON-LD is data for search engines, not a script the browser runs.
      const inlineScripts = await page.locator('script:not([type="application/ld+json"])').count();
      expect(inlineScripts, `script elements on the ${type} page ${path}`).toBe(0);
    }
    expect(scripts).toEqual([]);
  });
}

test('the search page is the one that loads JavaScript', async ({ site, page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await site.open('/en/search/');
  await expect(page.locator('pagefind-searchbox input')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
});
