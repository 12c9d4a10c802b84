import type { Page } from '@playwright/test';
import { findAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { locales, pageTypes, pathOfPageType, type PageType } from './support/site-data.ts';

/**
 * axe on the page as it opens; the search page also once the reader has reached for its box and
 * Pagefind's UI has taken the server-rendered box's place.
 */
async function expectNoViolations(page: Page, type: PageType): Promise<void> {
  expect(await findAccessibilityViolations(page)).toEqual([]);
  if (type !== 'search') return;
  await page.getByRole('searchbox').focus();
  await expect(page.locator('pagefind-input input')).toBeFocused();
  expect(await findAccessibilityViolations(page)).toEqual([]);
}

for (const locale of locales) {
  for (const type of pageTypes) {
    test(`axe finds no violations on the ${locale} ${type} page`, async ({ data, site, page }) => {
      const path = pathOfPageType(data, locale, type);
      test.skip(path === undefined, `${locale} has no ${type} page`);
      await site.open(path ?? '');
      await expectNoViolations(page, type);
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
      await expectNoViolations(page, type);
    });
  }
});
