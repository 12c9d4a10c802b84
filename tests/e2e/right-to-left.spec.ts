import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { anArticle } from './support/site-data.ts';

/** Where a box sits across the viewport: 0 at the left edge, 1 at the right edge. */
async function horizontalPosition(locator: Locator): Promise<{ start: number; end: number }> {
  const box = await locator.boundingBox();
  const width = locator.page().viewportSize()?.width;
  if (box === null || width === undefined) throw new Error('The element is not laid out');
  return { start: box.x / width, end: (box.x + box.width) / width };
}

test('Arabic pages are right-to-left: the header starts at the right edge', async ({ site }) => {
  await site.open('/ar/');
  await expect(site.html).toHaveAttribute('dir', 'rtl');
  await expect(site.html).toHaveAttribute('lang', 'ar');
  const title = await horizontalPosition(site.page.locator('.site-title'));
  expect(title.end).toBeGreaterThan(0.85);
  expect(title.start).toBeGreaterThan(0.5);

  await site.open('/en/');
  await expect(site.html).toHaveAttribute('dir', 'ltr');
  const englishTitle = await horizontalPosition(site.page.locator('.site-title'));
  expect(englishTitle.start).toBeLessThan(0.15);
});

test('an Arabic article reads right-to-left and its notice border sits on the right', async ({
  data,
  articlePage,
}) => {
  const arabic = anArticle(data, { locale: 'ar', fallback: false });
  await articlePage.open(arabic.path);
  await expect(articlePage.heading).toHaveCSS('direction', 'rtl');
  const paragraph = articlePage.main.locator('.prose p').first();
  await expect(paragraph).toHaveCSS('text-align', 'start');
  await expect(paragraph).toHaveCSS('direction', 'rtl');

  // The untranslated English text on an Arabic page keeps running left to right.
  const fallback = anArticle(data, { locale: 'ar', fallback: true });
  await articlePage.open(fallback.path);
  await expect(articlePage.heading).toHaveAttribute('dir', 'ltr');
  await expect(articlePage.heading).toHaveCSS('direction', 'ltr');
  await expect(articlePage.fallbackNotice).toHaveCSS('border-right-width', '4px');
  await expect(articlePage.fallbackNotice).toHaveCSS('border-left-width', '0px');
});
