import { expect, test } from './support/fixtures.ts';
import { anArticle, translationPath } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

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

test('a language without a translation is marked as such and leads to its home page', async ({
  data,
  articlePage,
  page,
}) => {
  const english = anArticle(data, { locale: 'en', fallback: false, missingIn: ['ar'] });
  await articlePage.open(english.path);

  const arabic = articlePage.languageLink('en', 'ar');
  await expect(arabic).toHaveAttribute('href', '/ar/');
  await expect(arabic).toContainText(uiText('en', 'languagePicker.unavailable'));
  for (const translation of english.article.translations) {
    await expect(articlePage.languageLink('en', translation.language)).not.toContainText(
      uiText('en', 'languagePicker.unavailable'),
    );
  }

  await arabic.click();
  await expect(page).toHaveURL('/ar/');
  await expect(articlePage.html).toHaveAttribute('lang', 'ar');
});
