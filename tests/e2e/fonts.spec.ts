// The site's own faces (src/styles/fonts.css): text is drawn with them rather than whatever the
// reader's system has (Arabic used to fall back to DejaVu Sans), and each locale preloads only the
// file it surely needs.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { aRoute, routesOf } from './support/site-data.ts';

/** The font families the browser really drew an element's text with (Chromium's DevTools protocol). */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

async function preloadedFonts(page: Page): Promise<string[]> {
  return page
    .locator('link[rel="preload"][as="font"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
}

test('an English article is set in Source Serif 4, and only the Latin face is preloaded', async ({
  data,
  page,
}) => {
  const article = routesOf(data, 'article', 'en').find((route) => !route.fallback);
  if (article === undefined) throw new Error('no English article');
  await page.goto(article.path);
  await page.evaluate(() => document.fonts.ready);
  expect(await renderedFonts(page, 'main h1')).toEqual(['Source Serif 4']);
  expect(await renderedFonts(page, 'main .excerpt')).toEqual(['Source Serif 4']);
  const preloads = await preloadedFonts(page);
  expect(preloads).toHaveLength(1);
  expect(preloads[0]).toMatch(/source-serif-4-latin-wght-normal\.[\w-]+\.woff2$/);
});

test('Arabic text is set in Noto Naskh Arabic, whose file is the one the Arabic pages preload', async ({
  data,
  page,
}) => {
  const article = routesOf(data, 'article', 'ar').find((route) => !route.fallback);
  if (article === undefined) throw new Error('no Arabic article');
  await page.goto(article.path);
  await page.evaluate(() => document.fonts.ready);
  // The spaces between Arabic words fall in the Latin face's range; every letter is Naskh.
  const fonts = await renderedFonts(page, 'main h1');
  expect(fonts).toContain('Noto Naskh Arabic');
  expect(fonts.filter((font) => font !== 'Source Serif 4')).toEqual(['Noto Naskh Arabic']);
  const preloads = await preloadedFonts(page);
  expect(preloads).toHaveLength(1);
  expect(preloads[0]).toMatch(/noto-naskh-arabic-arabic-wght-normal\.[\w-]+\.woff2$/);
});

test('the German home page draws its umlauts and ß with the reading face too', async ({
  data,
  page,
}) => {
  await page.goto(aRoute(data, 'home', 'de').path);
  await page.evaluate(() => document.fonts.ready);
  expect(await renderedFonts(page, 'main h1')).toEqual(['Source Serif 4']);
  expect(await renderedFonts(page, 'main .card p')).toEqual(['Source Serif 4']);
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`an English page with no Arabic text never downloads the Arabic face (${viewport.name})`, async ({
    data,
    page,
  }) => {
    await page.setViewportSize(viewport);
    const fontFiles: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontFiles.push(request.url());
    });
    // The switcher and the footer still name "العربية": drawn in a system face, not the web font.
    await page.goto(aRoute(data, 'home', 'en').path);
    await page.evaluate(() => document.fonts.ready);
    expect(fontFiles.some((url) => url.includes('source-serif-4'))).toBe(true);
    expect(fontFiles.filter((url) => url.includes('noto-naskh-arabic'))).toEqual([]);
  });
}
