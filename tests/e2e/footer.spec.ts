// The footer of every localized page: the static pages (about, privacy, terms) and the feed in the
// page's language, and it stays at the bottom of the window on a page shorter than the window.
import { expect, test } from './support/fixtures.ts';
import { aRoute, locales, routesOf } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

for (const locale of locales) {
  test(`the ${locale} footer links to the privacy notice, the terms and the other static pages`, async ({
    data,
    site,
    page,
  }) => {
    await site.open(aRoute(data, 'home', locale).path);
    const footer = page.getByRole('navigation', {
      name: uiText(locale, 'nav.footer'),
      exact: true,
    });
    const pages = routesOf(data, 'page', locale);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const route of pages) {
      await expect(footer.locator(`a[href="${route.path}"]`)).toHaveText(route.page.title);
    }
    await expect(footer.getByRole('link', { name: uiText(locale, 'footer.rss') })).toHaveAttribute(
      'href',
      `/${locale}/rss.xml`,
    );
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 1200 },
]) {
  test(`on a short page the footer ends at the bottom of a ${String(viewport.width)}×${String(viewport.height)} window`, async ({
    data,
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(aRoute(data, 'not-found', 'de').path);
    const footer = await page.locator('footer.site-footer').boundingBox();
    if (footer === null) throw new Error('no footer');
    expect(Math.round(footer.y + footer.height)).toBe(viewport.height);
  });
}
