// axe on the open sign-in dialog, each step, in every locale, light and dark; and the dialog by
// keyboard alone.
import { expect, test } from './support/fixtures.ts';
import { findAccessibilityViolations } from './support/axe.ts';
import { backendAvailable, MemberHeader } from './support/members.ts';
import { aRoute, locales } from './support/site-data.ts';

test.skip(!backendAvailable, 'needs the local backend the Playwright config starts');

for (const locale of locales) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the sign-in dialog has no axe violations in ${locale} (${colorScheme})`, async ({
      page,
      data,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(aRoute(data, 'home', locale).path);
      const header = new MemberHeader(page, locale);
      await header.openDialog();
      expect(await findAccessibilityViolations(page), 'address').toEqual([]);
      await header.continueWith('not-an-address');
      await expect(header.dialog.getByRole('alert')).toBeVisible();
      expect(await findAccessibilityViolations(page), 'error').toEqual([]);
      await header.continueWith('member@example.com');
      await expect(header.field('auth.field.password')).toBeFocused();
      expect(await findAccessibilityViolations(page), 'password').toEqual([]);
      await header.button('auth.signUp.start').click();
      await expect(header.button('auth.signUp.submit')).toBeVisible();
      expect(await findAccessibilityViolations(page), 'sign-up').toEqual([]);
    });
  }
}

test('the dialog works by keyboard alone: address, Enter, password, Back, Escape', async ({
  page,
  data,
}) => {
  await page.goto(aRoute(data, 'home', 'en').path);
  const header = new MemberHeader(page, 'en');
  await header.signInButton.focus();
  await page.keyboard.press('Enter');
  await expect(header.dialog).toBeVisible();
  await expect(header.field('auth.field.email')).toBeFocused();
  await page.keyboard.type('member@example.com');
  await page.keyboard.press('Enter');
  await expect(header.field('auth.field.password')).toBeFocused();
  // Back, reached by Shift+Tab from the address, returns to the address with the focus on it.
  await header.field('auth.field.email').focus();
  await page.keyboard.press('Shift+Tab');
  await expect(header.button('auth.back')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(header.field('auth.field.email')).toBeFocused();
  await expect(header.field('auth.field.email')).toHaveValue('member@example.com');
  await expect(header.field('auth.field.password')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(header.dialog).toBeHidden();
  await expect(header.signInButton).toBeFocused();
});
