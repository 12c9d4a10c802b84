import { findAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { locales, pageTypes, pathOfPageType } from './support/site-data.ts';

for (const locale of locales) {
  for (const type of pageTypes) {
    test(`axe finds no violations on the ${locale} ${type} page`, async ({ data, site, page }) => {
      const path = pathOfPageType(data, locale, type);
      test.skip(path === undefined, `${locale} has no ${type} page`);
      await site.open(path ?? '');
      if (type === 'search') {
        // Check the search box as readers meet it: rendered by Pagefind's script.
        await expect(page.locator('pagefind-input input')).toBeVisible();
      }
      expect(await findAccessibilityViolations(page)).toEqual([]);
    });
  }
}

test.describe('in the dark colour scheme', () => {
  test.use({ colorScheme: 'dark' });

  for (const type of pageTypes) {
    test(`axe finds no violations on the ar ${type} page`, async ({ data, site, page }) => {
      const path = pathOfPageType(data, 'ar', type);
      test.skip(path === undefined, `ar has no ${type} page`);
      await site.open(path ?? '');
      if (type === 'search') await expect(page.locator('pagefind-input input')).toBeVisible();
      expect(await findAccessibilityViolations(page)).toEqual([]);
    });
  }
});
