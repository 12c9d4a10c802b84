import { expect, test } from './support/fixtures.ts';
import { aRoute, articleListPages, locales } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

const translatedLocales = locales.filter((locale) => locale !== 'en');

for (const locale of translatedLocales) {
  test(`the ${locale} home page leads with ${locale} articles and keeps English ones in a labelled part`, async ({
    data,
    listPage,
    page,
  }) => {
    const home = aRoute(data, 'home', locale);
    test.skip(home.alsoInDefault.length === 0, `every article is translated into ${locale}`);
    await listPage.open(home.path);

    const latest = page.getByRole('region', { name: uiText(locale, 'home.latest'), exact: true });
    await expect(latest.locator('.card')).toHaveCount(home.latest.length);
    // No card in the latest part is marked as English, and every title is in the page's language.
    await expect(latest.getByText(uiText(locale, 'articleCard.fallbackBadge'))).toHaveCount(0);
    await expect(latest.locator('.card-title[lang]')).toHaveCount(0);

    const alsoInEnglish = page.getByRole('region', {
      name: uiText(locale, 'home.alsoInDefault'),
      exact: true,
    });
    const englishCards = alsoInEnglish.locator('.card');
    await expect(englishCards).toHaveCount(home.alsoInDefault.length);
    for (const card of await englishCards.all()) {
      await expect(card.getByText(uiText(locale, 'articleCard.fallbackBadge'))).toBeVisible();
      await expect(card.locator('.card-title')).toHaveAttribute('lang', 'en');
    }
  });

  test(`the first page of the ${locale} article list starts with ${locale} articles`, async ({
    data,
    listPage,
    page,
  }) => {
    const [first] = articleListPages(data, locale);
    if (first === undefined) throw new Error(`no ${locale} article list`);
    await listPage.open(first.path);
    const firstCard = page.locator('main .card').first();
    await expect(firstCard.locator('.card-title')).not.toHaveAttribute('lang', 'en');
    await expect(firstCard.getByText(uiText(locale, 'articleCard.fallbackBadge'))).toHaveCount(0);
    // English fallbacks, where the page has any, sit under their own heading after the own articles.
    const fallbacks = first.entries.filter((entry) => entry.fallback);
    const heading = page.getByRole('heading', {
      name: uiText(locale, 'home.alsoInDefault'),
      exact: true,
    });
    await expect(heading).toHaveCount(fallbacks.length > 0 ? 1 : 0);
    expect(await listPage.cardPaths()).toEqual(first.entries.map((entry) => entry.path));
  });
}

test('a card’s picture leads to its article as its title does', async ({
  data,
  listPage,
  page,
}) => {
  const home = aRoute(data, 'home', 'fr');
  const [entry] = home.latest;
  if (entry === undefined) throw new Error('no latest article in fr');
  await listPage.open(home.path);
  await page.locator(`main .card-image-link[href="${entry.path}"]`).first().click();
  await expect(page).toHaveURL(entry.path);
});
