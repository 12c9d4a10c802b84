import { expect, test } from './support/fixtures.ts';
import { locales } from './support/site-data.ts';

const savedChoiceKey = 'polyglot-press.locale';

const browserLanguages = [
  { browser: 'de-DE', expected: '/de/' },
  { browser: 'fr-CA', expected: '/fr/' },
  { browser: 'ar-EG', expected: '/ar/' },
  { browser: 'ja-JP', expected: '/en/' },
];

for (const { browser, expected } of browserLanguages) {
  test.describe(`a browser set to ${browser}`, () => {
    test.use({ locale: browser });

    test(`is sent from / to ${expected}`, async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(expected);
    });
  });
}

test.describe('a reader who chose a language before', () => {
  test.use({ locale: 'de-DE' });

  test('is sent to the saved language rather than the browser language', async ({ page }) => {
    await page.addInitScript((key) => {
      localStorage.setItem(key, 'ar');
    }, savedChoiceKey);
    await page.goto('/');
    await expect(page).toHaveURL('/ar/');
  });

  test('with an unknown saved value falls back to the browser language', async ({ page }) => {
    await page.addInitScript((key) => {
      localStorage.setItem(key, 'xx');
    }, savedChoiceKey);
    await page.goto('/');
    await expect(page).toHaveURL('/de/');
  });
});

test.describe('a reader who picks a language in the switcher', () => {
  test.use({ locale: 'en-US' });

  for (const chosen of locales.filter((locale) => locale !== 'en')) {
    test(`is sent from / to /${chosen}/ afterwards, although the browser asks for English`, async ({
      site,
      page,
    }) => {
      await site.open('/en/');
      await site.languageLink('en', chosen).click();
      await expect(page).toHaveURL(`/${chosen}/`);
      await page.goto('/');
      await expect(page).toHaveURL(`/${chosen}/`);
    });
  }

  test('changes the saved language when picking another one later', async ({ site, page }) => {
    await site.open('/en/');
    await site.languageLink('en', 'de').click();
    await site.languageLink('de', 'fr').click();
    await expect(page).toHaveURL('/fr/');
    await page.goto('/');
    await expect(page).toHaveURL('/fr/');
  });

  test('keeps the browser language as long as only links led to other languages', async ({
    site,
    page,
  }) => {
    // A German page reached by a link (a search result, a shared article) is no choice of language.
    await site.open('/de/');
    await page.goto('/');
    await expect(page).toHaveURL('/en/');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, locale: 'de-DE' });

  test('/ refreshes to the English home page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/en/');
  });

  test('/ offers a link to every language and a meta refresh inside <noscript>', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="0; url=\/en\/">/);
    for (const locale of locales) {
      expect(html).toMatch(new RegExp(`<a href="/${locale}/" hreflang="${locale}">`));
    }
  });

  test('/ shows one box of equal size per language, side by side on a desktop', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The page as served, without its <noscript> refresh, to look at the chooser itself.
    await page.route('/', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<noscript>[\s\S]*?<\/noscript>/, '');
      await route.fulfill({ response, body });
    });
    await page.goto('/');
    const boxes = await page.locator('.language-choice a').evaluateAll((links) =>
      links.map((link) => {
        const box = link.getBoundingClientRect();
        return { top: Math.round(box.top), height: Math.round(box.height) };
      }),
    );
    expect(boxes).toHaveLength(locales.length);
    expect(new Set(boxes.map((box) => box.top)).size).toBe(1);
    expect(new Set(boxes.map((box) => box.height)).size).toBe(1);
  });
});
