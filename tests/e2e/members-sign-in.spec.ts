// Signing in and out from the header against the local backend, in the built site.
import { expect, test } from './support/fixtures.ts';
import { backendAvailable, demoPassword, MemberHeader } from './support/members.ts';
import { aRoute } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';
import { demoSecondFactors } from '../backend/helpers/second-factor.ts';
import { enterSecondFactorCode } from './support/second-factor.ts';

test.skip(!backendAvailable, 'needs the local backend the Playwright config starts');

test('a reader downloads no island code before touching the header', async ({ page, data }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(aRoute(data, 'home', 'en').path);
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  const header = new MemberHeader(page, 'en');
  await header.openDialog();
  expect(scripts.length).toBeGreaterThan(0);
});

test('password sign-in shows the avatar menu, survives a reload and a second tab, and signs out', async ({
  page,
  context,
  data,
}) => {
  const home = aRoute(data, 'home', 'en').path;
  await page.goto(home);
  const header = new MemberHeader(page, 'en');
  await header.signInWithPassword('member@example.com', demoPassword);
  await expect(header.accountButton).toBeVisible();
  await expect(header.dialog).toBeHidden();

  await page.reload();
  await expect(header.accountButton).toBeVisible();

  const second = await context.newPage();
  await second.goto(home);
  await expect(new MemberHeader(second, 'en').accountButton).toBeVisible();

  await header.signOut();
  await expect(header.signInButton).toBeVisible();
  // The other tab follows (auth-js syncs tabs) and shows "Sign in" again.
  await expect(new MemberHeader(second, 'en').signInButton).toBeVisible();
});

for (const locale of ['de', 'ar'] as const) {
  test(`a wrong password is explained in ${locale} and nothing typed is lost`, async ({
    page,
    data,
  }) => {
    await page.goto(aRoute(data, 'home', locale).path);
    const header = new MemberHeader(page, locale);
    await header.signInWithPassword('member@example.com', 'wrong-password');
    await expect(header.dialog.getByRole('alert')).toHaveText(
      uiText(locale, 'errors.invalidCredentials'),
    );
    await expect(header.field('auth.field.email')).toHaveValue('member@example.com');
    await expect(header.field('auth.field.password')).toHaveValue('wrong-password');

    // Closed and opened again, the dialog still holds what was typed.
    await page.keyboard.press('Escape');
    await expect(header.dialog).toBeHidden();
    await expect(header.signInButton).toBeFocused();
    await header.openDialog();
    await expect(header.field('auth.field.email')).toHaveValue('member@example.com');
  });
}

test('a moderator’s menu links to the moderation page, a member’s does not', async ({
  page,
  data,
}) => {
  await page.goto(aRoute(data, 'home', 'fr').path);
  const header = new MemberHeader(page, 'fr');
  await header.signInWithPassword('moderator@example.com', demoPassword);
  // Staff have a second factor: the dialog asks for the authenticator app's code.
  const step = header.dialog.getByRole('region', { name: uiText('fr', 'auth.mfa.heading') });
  await enterSecondFactorCode(step, 'fr', demoSecondFactors.moderator.secret, header.accountButton);
  await header.accountButton.click();
  await expect(page.getByRole('link', { name: uiText('fr', 'header.moderation') })).toHaveAttribute(
    'href',
    '/fr/moderation/',
  );
});
