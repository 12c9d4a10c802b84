import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/** Relative luminance (0 black … 1 white) of a computed `rgb()` colour. */
async function luminanceOf(locator: Locator, property: 'color' | 'background-color') {
  const value = await locator.evaluate(
    (element, name) => getComputedStyle(element).getPropertyValue(name),
    property,
  );
  const channels = /rgba?\((\d+), (\d+), (\d+)/.exec(value)?.slice(1).map(Number);
  if (channels?.length !== 3) throw new Error(`Not an rgb() colour: ${value}`);
  const [r = 0, g = 0, b = 0] = channels.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test.describe('with a dark system colour scheme', () => {
  test.use({ colorScheme: 'dark' });

  test('pages are light text on a dark background', async ({ site }) => {
    await site.open('/en/');
    const body = site.page.locator('body');
    expect(await luminanceOf(body, 'background-color')).toBeLessThan(0.05);
    expect(await luminanceOf(body, 'color')).toBeGreaterThan(0.7);
  });
});

test.describe('with a light system colour scheme', () => {
  test.use({ colorScheme: 'light' });

  test('pages are dark text on a light background', async ({ site }) => {
    await site.open('/en/');
    const body = site.page.locator('body');
    expect(await luminanceOf(body, 'background-color')).toBeGreaterThan(0.9);
    expect(await luminanceOf(body, 'color')).toBeLessThan(0.05);
  });
});
