import { expect, test } from './support/fixtures.ts';
import { locales, pageTypes, pathOfPageType } from './support/site-data.ts';

const contentPageTypes = pageTypes.filter((type) => type !== 'search');

for (const locale of locales) {
  // The only script on them is the header island's small inline bootstrap (Astro's island element
  // and the `client:session` check); a reader without a session downloads no script file.
  test(`${locale} content pages load no JavaScript files`, async ({ data, site, page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const type of contentPageTypes) {
      const path = pathOfPageType(data, locale, type);
      if (path === undefined) continue;
      await site.open(path);
      const scriptFiles = await page.locator('script[src]').count();
      expect(scriptFiles, `script files on the ${type} page ${path}`).toBe(0);
    }
    expect(scripts).toEqual([]);
  });
}

test('the search page loads Pagefind’s script only when the reader reaches for the search box', async ({
  searchPage,
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await searchPage.open('/en/search/');
  await page.waitForLoadState('load');
  expect(scripts).toEqual([]);

  await searchPage.earlyInput('en').focus();
  await expect(searchPage.input).toBeFocused();
  expect(scripts).toContain('/pagefind/pagefind-component-ui.js');
});
