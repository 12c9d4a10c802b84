import { expect, test } from './support/fixtures.ts';
import { anArticle } from './support/site-data.ts';

for (const locale of ['en', 'ar'] as const) {
  test(`on a ${locale} page the first Tab shows the skip link and Enter moves focus to the content`, async ({
    data,
    site,
    page,
  }) => {
    await site.open(anArticle(data, { locale, fallback: false }).path);
    const skipLink = site.skipLink(locale);
    await expect(skipLink).not.toBeInViewport();

    await page.keyboard.press('Tab');
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    // Focus is visible: the outline of :focus-visible.
    await expect(skipLink).toHaveCSS('outline-style', 'solid');

    await page.keyboard.press('Enter');
    await expect(site.main).toBeFocused();
    expect(new URL(page.url()).hash).toBe('#main');

    // The next Tab continues inside the content, not at the top of the page again.
    await page.keyboard.press('Tab');
    await expect(site.main.locator(':focus')).toHaveCount(1);
  });
}
