// axe on the open sign-in dialog, each tab, in every locale, light and dark.
import { expect, test } from './support/fixtures.ts';
import { findAccessibilityViolations } from './support/axe.ts';
import { backendAvailable, MemberHeader } from './support/members.ts';
import { aRoute, locales } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

test.skip(!backendAvailable, 'needs the local backend the Playwright config starts');

const tabs = ['auth.tabs.password', 'auth.tabs.signUp', 'auth.tabs.email', 'auth.tabs.forgot'];

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
      for (const tab of tabs) {
        await header.dialog.getByRole('tab', { name: uiText(locale, tab), exact: true }).click();
        expect(await findAccessibilityViolations(page), tab).toEqual([]);
      }
    });
  }
}

test('the dialog works by keyboard alone: tabs by arrow keys, focus returns to the button', async ({
  page,
  data,
}) => {
  await page.goto(aRoute(data, 'home', 'en').path);
  const header = new MemberHeader(page, 'en');
  await header.signInButton.focus();
  await page.keyboard.press('Enter');
  await expect(header.dialog).toBeVisible();
  await header.dialog
    .getByRole('tab', { name: uiText('en', 'auth.tabs.password'), exact: true })
    .focus();
  await page.keyboard.press('ArrowRight');
  await expect(
    header.dialog.getByRole('tab', { name: uiText('en', 'auth.tabs.signUp'), exact: true }),
  ).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(header.signInButton).toBeFocused();
});
