import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { MemberHeader } from './support/members.ts';
import { uiText } from './support/ui-strings.ts';

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

/** The computed colour of a CSS custom property, as `rgb(…)` like computed backgrounds. */
async function customColor(locator: Locator, name: string): Promise<string> {
  return locator.evaluate((element, property) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${property})`;
    element.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  }, name);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`primary buttons in the ${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test('the sign-in dialog’s submit button is filled with the link colour, not plain', async ({
      page,
    }) => {
      const header = new MemberHeader(page, 'en');
      await page.goto('/en/');
      await header.openDialog();
      const submit = header.button('auth.continue');
      const background = await submit.evaluate(
        (element) => getComputedStyle(element).backgroundColor,
      );
      expect(background).toBe(await customColor(submit, '--link'));
      // The dialog's other buttons (Close) stay plain: only the primary one is filled.
      const close = header.button('auth.dialog.close');
      expect(await close.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
        background,
      );
    });

    test('the signed-out account page’s sign-in button is filled the same way', async ({
      page,
    }) => {
      await page.goto('/en/account/');
      const button = page.locator('main').getByRole('button', {
        name: uiText('en', 'header.signIn'),
      });
      await expect(button).toBeVisible();
      const background = await button.evaluate(
        (element) => getComputedStyle(element).backgroundColor,
      );
      expect(background).toBe(await customColor(button, '--link'));
    });
  });
}
