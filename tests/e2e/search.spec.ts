import { expect, test } from './support/fixtures.ts';
import { aGermanOnlyWord, anArticle, normalizeWord } from './support/site-data.ts';

test('a German word is found from the German search page and not from the French one', async ({
  data,
  searchPage,
}) => {
  const { word, article } = aGermanOnlyWord(data);

  await searchPage.open('/de/search/');
  await searchPage.search(word);
  await expect(
    searchPage.results.and(searchPage.page.locator(`[href="${article.path}"]`)),
  ).toBeVisible();
  for (const path of await searchPage.resultPaths()) expect(path).toMatch(/^\/de\//);

  await searchPage.open('/fr/search/');
  await searchPage.search(word);
  // Pagefind answers an unknown word with its longest indexed prefix (pagefind#315: "artery"
  // finds "a"), so French pages may still come up: for another word, never for this one.
  for (const path of await searchPage.resultPaths()) expect(path).toMatch(/^\/fr\//);
  const highlighted = (await searchPage.highlightedWords()).map(normalizeWord);
  expect(highlighted).not.toContain(normalizeWord(word));
});

test('an untranslated article shown under /de/ is not in the German search index', async ({
  data,
  searchPage,
}) => {
  const fallback = anArticle(data, { locale: 'de', fallback: true });
  await searchPage.open('/de/search/');
  await searchPage.search(fallback.article.title);
  expect(await searchPage.resultPaths()).not.toContain(fallback.path);
});

test('the search box speaks the language of its page', async ({ searchPage }) => {
  await searchPage.open('/fr/search/');
  await expect(searchPage.input).toHaveAttribute('placeholder', 'Rechercher');
});
