import { formatDate } from '../../src/i18n/format.ts';
import { findAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { aGermanOnlyWord, anArticle, normalizeWord } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

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
  await expect(searchPage.earlyInput('fr')).toHaveAttribute('placeholder', 'Rechercher');
  await searchPage.reachForBox();
  await expect(searchPage.input).toHaveAttribute('placeholder', 'Rechercher');
});

test('results are articles, each with its category, date and thumbnail', async ({
  data,
  searchPage,
  page,
}) => {
  const article = anArticle(data, { locale: 'fr', fallback: false, withCategories: true });
  await searchPage.open('/fr/search/');
  await searchPage.search(article.article.title);

  // Category and author pages only list articles: the articles themselves are what is found.
  for (const path of await searchPage.resultPaths()) {
    expect(path).not.toMatch(/^\/fr\/(categories|authors)\//);
  }
  const result = searchPage.resultItems.filter({
    has: page.locator(`a[href="${article.path}"]`),
  });
  await expect(result).toBeVisible();
  await expect(result.locator('.kicker')).toHaveText(article.categories[0]?.title ?? '');
  await expect(result.locator('.meta')).toHaveText(formatDate('fr', article.article.publishedAt));
  await expect(result.locator('img.search-result-image')).toHaveJSProperty('complete', true);
  expect(
    await result
      .locator('img.search-result-image')
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
});

test('a search in the address (?q=…) is run when the page opens', async ({ data, searchPage }) => {
  const article = anArticle(data, { locale: 'fr', fallback: false });
  const term = article.article.title;
  await searchPage.open(`/fr/search/?q=${encodeURIComponent(term)}`);
  await searchPage.expectFound(term, article.path);
});

test.describe('the address follows the search (?q=…)', () => {
  test('a French search is in the address, without a history entry per query, and a reload shows it again', async ({
    searchPage,
    page,
  }) => {
    await searchPage.open('/fr/search/');
    const entries = await page.evaluate(() => history.length);
    await searchPage.search('sous');
    await expect.poll(() => searchPage.addressQuery()).toBe('sous');
    await searchPage.search('sous-titres');
    await expect.poll(() => searchPage.addressQuery()).toBe('sous-titres');
    expect(await page.evaluate(() => history.length)).toBe(entries);
    const shown = await searchPage.answerShown();

    await page.reload();
    await expect(searchPage.input).toHaveValue('sous-titres');
    await searchPage.waitForAnswer('sous-titres');
    expect(await searchPage.answerShown()).toEqual(shown);
  });

  test('Back from an opened result shows the same Arabic search and results', async ({
    data,
    searchPage,
    page,
  }) => {
    const article = anArticle(data, { locale: 'ar', fallback: false });
    const term = article.article.title;
    await searchPage.open('/ar/search/');
    await searchPage.search(term);
    await expect.poll(() => searchPage.addressQuery()).toBe(term);
    const shown = await searchPage.answerShown();

    await searchPage.results.and(page.locator(`[href="${article.path}"]`)).click();
    await expect(page).toHaveURL((url) => url.pathname === article.path);
    await page.goBack();

    expect(searchPage.path()).toBe('/ar/search/');
    await searchPage.expectFound(term, article.path);
    expect(await searchPage.answerShown()).toEqual(shown);
  });

  test('emptying the box takes the query out of the address', async ({ data, searchPage }) => {
    const article = anArticle(data, { locale: 'de', fallback: false });
    const term = article.article.title;
    await searchPage.open(`/de/search/?q=${encodeURIComponent(term)}`);
    await searchPage.expectFound(term, article.path);

    await searchPage.input.fill('');
    await expect.poll(() => searchPage.addressQuery()).toBeNull();
    expect(searchPage.path()).toBe('/de/search/');
  });
});

test.describe('before Pagefind’s UI has loaded', () => {
  test('the page shows a search box, and what is typed in it is kept, searched and keeps the focus', async ({
    data,
    searchPage,
    page,
  }) => {
    const article = anArticle(data, { locale: 'fr', fallback: false });
    const term = article.article.title;
    const typedEarly = term.slice(0, Math.ceil(term.length / 2));
    const release = await searchPage.holdSearchUi();
    await searchPage.open('/fr/search/');

    const early = searchPage.earlyInput('fr');
    await expect(early).toHaveAttribute('placeholder', 'Rechercher');
    await early.pressSequentially(typedEarly);
    release();

    await expect(early).toBeHidden();
    await expect(searchPage.input).toBeFocused();
    await expect(searchPage.input).toHaveValue(typedEarly);
    // Typing goes on in Pagefind's box, where the first half left off.
    await page.keyboard.type(term.slice(typedEarly.length));
    await searchPage.expectFound(term, article.path);
  });

  test('Enter pressed in the search box loses nothing: the words are searched once it has', async ({
    data,
    searchPage,
    page,
  }) => {
    const article = anArticle(data, { locale: 'de', fallback: false });
    const term = article.article.title;
    const release = await searchPage.holdSearchUi();
    await searchPage.open('/de/search/');
    let pagesLoaded = 0;
    page.on('load', () => (pagesLoaded += 1));
    await searchPage.earlyInput('de').fill(term);
    await searchPage.earlyInput('de').press('Enter');
    release();

    await searchPage.expectFound(term, article.path);
    // Searched on this page, not by submitting the form: the address follows without a reload.
    await expect.poll(() => searchPage.addressQuery()).toBe(term);
    expect(pagesLoaded).toBe(0);
  });

  test('the search box does not move when Pagefind’s takes its place', async ({
    searchPage,
    page,
  }) => {
    const release = await searchPage.holdSearchUi();
    // Right to left: the box's inline start is its right edge.
    await searchPage.open('/ar/search/');
    await page.evaluate(() => document.fonts.ready);
    const footer = page.locator('footer.site-footer');
    const early = searchPage.earlyInput('ar');
    const before = [await early.boundingBox(), await footer.boundingBox()];
    await early.hover();
    release();
    await expect(searchPage.input).toBeVisible();
    const after = [await searchPage.input.boundingBox(), await footer.boundingBox()];
    expect(after).toEqual(before);
  });
});

test('offline, the search says it could not load, keeps the words and loads on the next try', async ({
  data,
  searchPage,
  page,
}) => {
  const article = anArticle(data, { locale: 'de', fallback: false });
  const term = article.article.title;
  let offline = true;
  await page.route('**/pagefind/pagefind-component-ui.*', (route) =>
    offline ? route.abort('internetdisconnected') : route.continue(),
  );
  await searchPage.open('/de/search/');
  const early = searchPage.earlyInput('de');
  await early.fill(term);

  const unavailable = page.getByRole('alert');
  await expect(unavailable).toHaveText(uiText('de', 'search.unavailable'));
  await expect(early).toHaveValue(term);

  offline = false;
  await early.press('Enter');
  await searchPage.expectFound(term, article.path);
  await expect(unavailable).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // The page's <noscript> explains and links to the article list; Chromium's emulation of
  // disabled JavaScript does not render <noscript>, so only the hidden box is checked here.
  test('the page shows no search box, which could not search', async ({ site, page }) => {
    await site.open('/en/search/');
    await expect(site.heading).toHaveText(uiText('en', 'search.title'));
    await expect(page.getByRole('searchbox')).toHaveCount(0);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    test('search results are readable, stay above the footer and pass axe', async ({
      searchPage,
      page,
    }) => {
      await searchPage.open('/fr/search/');
      await searchPage.search('sous-titres');
      await expect(searchPage.results.first()).toBeVisible();
      await searchPage.input.press('ArrowDown');

      const footer = await page.locator('footer.site-footer').boundingBox();
      const results = await page.locator('pagefind-results').boundingBox();
      if (footer === null || results === null) throw new Error('no footer or results');
      expect(results.y + results.height).toBeLessThanOrEqual(footer.y);
      // axe's colour-contrast rule covers titles, excerpts, matches and the selected result.
      expect(await findAccessibilityViolations(page)).toEqual([]);
    });
  });
}
