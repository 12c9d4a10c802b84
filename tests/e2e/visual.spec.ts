// Visual regression: each kind of page in every locale, light and dark, on a phone and a desktop,
// compared with the screenshots committed in tests/e2e/screenshots/ (README.md, "Screenshots",
// says how to update them after a change meant to alter how pages look).
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { locales, pageTypes, pathOfPageType, type PageType } from './support/site-data.ts';

const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

const schemes = ['light', 'dark'] as const;

/** The fallback article looks like an article with a notice; `fallback.spec.ts` checks that notice. */
const screenshotTypes = pageTypes.filter((type) => type !== 'fallback article');

/**
 * Waits until the page is drawn as a reader finally sees it: web fonts loaded, every image
 * loaded and decoded (lazy ones too, so that none is still arriving while the screen is taken).
 * The search page is taken as it paints, with its server-rendered search box (Pagefind's UI
 * loads when the reader reaches for the box, in the same place: search.spec.ts).
 */
async function settle(page: Page, type: PageType | 'root'): Promise<void> {
  if (type === 'search') await expect(page.getByRole('searchbox')).toBeVisible();
  await page.evaluate(async () => {
    await document.fonts.ready;
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  });
}

/**
 * The first screen in both schemes. Whole pages would be up to 5,900 px tall on a phone and make
 * the committed files seven times larger (66 MB); the first screen holds the header, the page's
 * heading and the start of its layout. Pictures are masked with one flat colour: their boxes
 * (size, place) are compared, their pixels would double the files' size.
 */
async function compareSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    await expect.soft(page).toHaveScreenshot(`${name}-${colorScheme}.png`, {
      mask: [page.locator('img')],
      maskColor: '#808080',
    });
  }
}

/**
 * Article pages' comments island asks the backend for the thread, whose content other tests
 * change: its requests are held, so the island stays in the loading state it renders first.
 */
test.beforeEach(async ({ page }) => {
  const backend = new URL(process.env['E2E_SUPABASE_URL'] ?? 'http://127.0.0.1:54321').origin;
  await page.route(`${backend}/**`, () => new Promise<void>(() => undefined));
});

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`on a ${size} (${String(viewport.width)}×${String(viewport.height)})`, () => {
    test.use({ viewport });

    for (const locale of locales) {
      for (const type of screenshotTypes) {
        const kind = type.endsWith('page') ? type : `${type} page`;
        test(`the ${locale} ${kind} looks as in its light and dark screenshots`, async ({
          data,
          site,
          page,
        }) => {
          const path = pathOfPageType(data, locale, type) ?? '';
          if (type === '404') await page.goto(path);
          else await site.open(path);
          await settle(page, type);
          await compareSchemes(page, `${locale}-${type.replaceAll(' ', '-')}-${size}`);
        });
      }
    }

    test('the root language chooser looks as in its light and dark screenshots', async ({
      page,
    }) => {
      // `/` sends every browser on to a locale at once (its inline script, or the <noscript>
      // refresh): keep the page as it is served, minus that redirect, to see the chooser itself.
      await page.route('/', async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<script>[\s\S]*?<\/script>/, '');
        await route.fulfill({ response, body });
      });
      await page.goto('/');
      await settle(page, 'root');
      await compareSchemes(page, `root-${size}`);
    });
  });
}
