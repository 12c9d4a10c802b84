import { expect, test } from './support/fixtures.ts';
import { locales } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

for (const locale of locales) {
  test(`the ${locale} not-found page speaks ${locale}, is noindex and leads home`, async ({
    site,
    page,
  }) => {
    await site.open(`/${locale}/404/`);
    await expect(site.html).toHaveAttribute('lang', locale);
    await expect(site.heading).toHaveText(uiText(locale, 'notFound.title'));
    await expect(site.robots()).toHaveAttribute('content', /noindex/);

    // Hosts that serve the nearest 404.html get the same page.
    const copy = await page.request.get(`/${locale}/404.html`);
    expect(copy.status()).toBe(200);
    expect(await copy.text()).toContain(`<html lang="${locale}"`);

    await site.main.locator(`a[href="/${locale}/"]`).click();
    await expect(page).toHaveURL(`/${locale}/`);
  });
}

for (const locale of locales) {
  test(`a mistyped URL under /${locale}/ answers 404 with the ${locale} not-found page, header and all`, async ({
    site,
    page,
  }) => {
    const response = await page.goto(`/${locale}/articles/no-such-article/`);
    expect(response?.status()).toBe(404);
    await expect(site.html).toHaveAttribute('lang', locale);
    await expect(site.heading).toHaveText(uiText(locale, 'notFound.title'));
    await expect(site.mainNavigation(locale)).toBeVisible();
    await expect(site.languagePicker(locale)).toBeVisible();
    await expect(site.robots()).toHaveAttribute('content', /noindex/);
  });
}

test('a missing page outside every locale answers 404 with the not-found text in every language', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page/');
  expect(response?.status()).toBe(404);
  for (const locale of locales) {
    await expect(page.locator(`section[lang="${locale}"]`).getByRole('heading')).toHaveText(
      uiText(locale, 'notFound.title'),
    );
  }
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});
