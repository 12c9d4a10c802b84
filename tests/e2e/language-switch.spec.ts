import { expect, test } from './support/fixtures.ts';
import {
  anArticle,
  aRoute,
  routesOf,
  type Route,
  locales,
  pageTypes,
  pathOfPageType,
  translationPath,
} from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';
import { localeNames } from '../../src/i18n/locales.ts';

test('the language picker opens the same article in German under its German slug', async ({
  data,
  articlePage,
  page,
}) => {
  const english = anArticle(data, {
    locale: 'en',
    fallback: false,
    translatedTo: ['de'],
    slugDiffersIn: ['de'],
  });
  const germanPath = translationPath(english, 'de');
  const germanTitle = english.article.translations.find((link) => link.language === 'de')?.title;

  await articlePage.open(english.path);
  await articlePage.languageLink('en', 'de').click();

  await expect(page).toHaveURL(germanPath);
  expect(germanPath).not.toBe(english.path.replace('/en/', '/de/'));
  await expect(articlePage.html).toHaveAttribute('lang', 'de');
  await expect(articlePage.heading).toHaveText(germanTitle ?? '');
  await expect(articlePage.languageLink('de', 'en')).toHaveAttribute('href', english.path);
  await expect(articlePage.languageLink('de', 'de')).toHaveAttribute('aria-current', 'page');
});

test('a language without a translation is marked as such and opens the English text in that language’s frame', async ({
  data,
  articlePage,
  page,
}) => {
  const english = anArticle(data, { locale: 'en', fallback: false, missingIn: ['ar'] });
  const fallbackPath = english.path.replace('/en/', '/ar/');
  await articlePage.open(english.path);

  const arabic = articlePage.languageLink('en', 'ar');
  await expect(arabic).toHaveAttribute('href', fallbackPath);
  await expect(arabic).toContainText(uiText('en', 'languagePicker.fallback'));
  for (const translation of english.article.translations) {
    await expect(articlePage.languageLink('en', translation.language)).not.toContainText(
      uiText('en', 'languagePicker.fallback'),
    );
  }

  await arabic.click();
  await expect(page).toHaveURL(fallbackPath);
  await expect(articlePage.html).toHaveAttribute('lang', 'ar');
  await expect(articlePage.heading).toHaveText(english.article.title);
  await expect(articlePage.fallbackNotice).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the language switcher of a fallback page stays one row of language codes', async ({
    data,
    articlePage,
    page,
  }) => {
    const fallback = data.routes.find(
      (route) =>
        route.kind === 'article' &&
        route.fallback &&
        route.locale === 'fr' &&
        route.switcher.filter((entry) => !entry.available).length > 1,
    );
    if (fallback === undefined) throw new Error('no French fallback missing in another locale');
    await articlePage.open(fallback.path);

    const picker = articlePage.languagePicker('fr');
    const links = picker.getByRole('link');
    await expect(links).toHaveCount(4);
    // The full names and notes are not drawn: each is clipped to nothing inside a box of at most
    // one pixel (the visually-hidden pattern), while screen readers still read them (below).
    const hidden = picker.locator('.picker-name, .picker-note');
    await expect(hidden).toHaveCount(
      4 + fallback.switcher.filter((entry) => !entry.available && !entry.current).length,
    );
    const drawn = await hidden.evaluateAll((elements) =>
      elements
        .filter((element) => {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          const clipped = style.overflow === 'hidden' && style.clipPath === 'inset(50%)';
          return !clipped || box.width * box.height > 1;
        })
        .map((element) => element.textContent.trim()),
    );
    expect(drawn, 'language names or notes drawn on a phone').toEqual([]);
    const boxes = await links.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect()),
    );
    // One row: every language on the same line, each at least 24 px high (WCAG 2.5.8).
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
    for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(24);
    await expect(picker).toContainText('EN');
    // Screen readers still hear each language's name and where the link leads.
    for (const entry of fallback.switcher) {
      await expect(articlePage.languageLink('fr', entry.locale)).toHaveAccessibleName(
        new RegExp(escapeRegExp(localeNames[entry.locale])),
      );
    }
    await expect(articlePage.languageLink('fr', 'de')).toHaveAccessibleName(
      new RegExp(`Deutsch.*${escapeRegExp(uiText('fr', 'languagePicker.fallback'))}`),
    );
    // The header is no taller than on the home page, where every language exists.
    const header = page.locator('header.site-header');
    const fallbackHeight = (await header.boundingBox())?.height;
    await articlePage.open('/fr/');
    expect(fallbackHeight).toBe((await header.boundingBox())?.height);
  });

  test('header links are targets of at least 24 px', async ({ site }) => {
    await site.open('/de/');
    const heights = await site
      .mainNavigation('de')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(24);
  });

  for (const locale of locales) {
    test(`the ${locale} header is equally tall on every kind of page`, async ({ data, page }) => {
      const heights = new Map<string, number | undefined>();
      for (const type of pageTypes) {
        const path = pathOfPageType(data, locale, type);
        if (path === undefined) continue;
        await page.goto(path);
        heights.set(type, (await page.locator('header.site-header').boundingBox())?.height);
      }
      expect(new Set(heights.values()).size, JSON.stringify([...heights])).toBe(1);
    });
  }
});

test.describe('on a desktop (1280×800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const locale of locales) {
    test(`the ${locale} header is as tall on a page with untranslated languages as on one without`, async ({
      data,
      articlePage,
      page,
    }) => {
      // The article with the most untranslated languages (in de, fr and ar a fallback article;
      // in English, one missing in other languages) against the home page, where every language
      // exists.
      const untranslatedCount = (route: Route) =>
        route.kind === 'article'
          ? route.switcher.filter((entry) => !entry.available && !entry.current).length
          : 0;
      const partial = routesOf(data, 'article', locale)
        .filter((route) => untranslatedCount(route) > 0)
        .sort(
          (a, b) =>
            Number(b.fallback) - Number(a.fallback) || untranslatedCount(b) - untranslatedCount(a),
        )[0];
      if (partial === undefined) throw new Error(`no ${locale} article missing in another locale`);
      const header = page.locator('header.site-header');
      await articlePage.open(partial.path);
      const partialHeight = (await header.boundingBox())?.height;
      // The note is still read out with the language's name.
      const untranslated = partial.switcher.find((entry) => !entry.available && !entry.current);
      if (untranslated === undefined) throw new Error('no untranslated language');
      const note = uiText(
        locale,
        untranslated.fallback ? 'languagePicker.fallback' : 'languagePicker.unavailable',
      );
      await expect(articlePage.languageLink(locale, untranslated.locale)).toHaveAccessibleName(
        new RegExp(`${escapeRegExp(localeNames[untranslated.locale])}.*${escapeRegExp(note)}`),
      );

      await articlePage.open(aRoute(data, 'home', locale).path);
      expect(partialHeight, partial.path).toBe((await header.boundingBox())?.height);
    });
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
