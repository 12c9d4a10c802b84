// Second factors and passkeys in Chromium, with its virtual authenticator (the DevTools WebAuthn
// domain) standing in for a phone's passkey provider or a USB security key: a passkey added on the
// account page signs in from the header after signing out; a security key and an authenticator app
// (codes computed from the secret the page shows) are asked for by the sign-in dialog before the
// reader counts as signed in; a moderator at aal1 is asked for the factor before the queue loads.
// Passkeys need a host name (browsers refuse an IP address as relying party): these pages are
// opened on localhost, which the e2e backend accepts as the site's origin.
import type { Page } from '@playwright/test';
import { demoSecondFactors, unusedTotpCode } from '../backend/helpers/second-factor.ts';
import { AccountPage, freshMember, memberPassword } from './support/account.ts';
import { findAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { backendAvailable, demoPassword, MemberHeader } from './support/members.ts';
import { addPasskey, addVirtualAuthenticator, onLocalhost } from './support/passkeys.ts';
import { uiText } from './support/ui-strings.ts';
import { enterSecondFactorCode } from './support/second-factor.ts';

test.skip(!backendAvailable, 'needs the local e2e backend');

async function signInFresh(page: Page, header: MemberHeader) {
  const member = await freshMember('Factor Fay');
  await page.goto(onLocalhost('/en/'));
  await header.signInWithPassword(member.email, memberPassword);
  await expect(header.accountButton).toBeVisible();
  return member;
}

test('a passkey added on the account page signs in with the header’s passkey button', async ({
  page,
}) => {
  // As in a browser without conditional mediation: only the button offers the passkey.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  await addVirtualAuthenticator(page, 'internal');
  const header = new MemberHeader(page, 'en');
  await signInFresh(page, header);
  await addPasskey(page, 'Work laptop');
  expect(await findAccessibilityViolations(page)).toEqual([]);

  await header.signOut();
  await expect(header.signInButton).toBeVisible();
  await header.openDialog();
  await expect(header.field('auth.field.email')).toHaveAttribute(
    'autocomplete',
    'username webauthn',
  );
  await header.dialog.getByRole('button', { name: uiText('en', 'auth.passkey.button') }).click();
  await expect(header.accountButton).toBeVisible();
  await expect(header.dialog).toBeHidden();
});

test('a passkey is offered in the sign-in dialog’s autofill (conditional mediation)', async ({
  page,
}) => {
  await addVirtualAuthenticator(page, 'internal');
  const header = new MemberHeader(page, 'en');
  await signInFresh(page, header);
  await addPasskey(page, 'Phone');
  await header.signOut();
  await expect(header.signInButton).toBeVisible();
  // Opening the dialog starts the quiet request; Chromium's virtual authenticator answers it as a
  // person picking the passkey from the e-mail field's suggestions would.
  await header.signInButton.click();
  await expect(header.accountButton).toBeVisible();
});

test('a security key added as second factor is asked for at the next sign-in', async ({ page }) => {
  await addVirtualAuthenticator(page, 'usb');
  const header = new MemberHeader(page, 'en');
  const member = await signInFresh(page, header);
  await page.goto(onLocalhost('/en/account/'));
  const account = new AccountPage(page, 'en');
  await account.button('account.security.heading', 'account.security.key.add').click();
  await account.button('account.security.heading', 'account.security.key.create').click();
  await expect(account.section('account.security.heading').getByRole('status')).toHaveText(
    uiText('en', 'account.security.key.done'),
  );

  await header.signOut();
  await header.signInWithPassword(member.email, memberPassword);
  const step = header.dialog.getByRole('region', { name: uiText('en', 'auth.mfa.heading') });
  await expect(step).toBeVisible();
  await expect(header.accountButton).toHaveCount(0);
  expect(await findAccessibilityViolations(page)).toEqual([]);
  await step.getByRole('button', { name: uiText('en', 'auth.mfa.useKey') }).click();
  await expect(header.accountButton).toBeVisible();
});

test('an authenticator app is added with a first code and asked for at sign-in; a wrong code keeps what was typed', async ({
  page,
}) => {
  const header = new MemberHeader(page, 'fr');
  const member = await freshMember('Agnès Appli', 'fr');
  await page.goto('/fr/');
  await header.signInWithPassword(member.email, memberPassword);
  await expect(header.accountButton).toBeVisible();
  await page.goto('/fr/account/');
  const account = new AccountPage(page, 'fr');
  const security = account.section('account.security.heading');
  await account.button('account.security.heading', 'account.security.totp.add').click();
  await account.button('account.security.heading', 'account.security.totp.start').click();
  await expect(
    security.getByRole('img', { name: uiText('fr', 'account.security.totp.qr') }),
  ).toBeVisible();
  const secret = (await security.locator('.totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // Each code is taken once: the sign-in below types the next one, as the app would show it.
  const code = () => unusedTotpCode(secret);
  await account.field('account.security.heading', 'account.security.totp.code').fill(await code());
  await account.button('account.security.heading', 'account.security.totp.verify').click();
  await expect(security.getByRole('status')).toHaveText(uiText('fr', 'account.security.totp.done'));
  expect(await findAccessibilityViolations(page)).toEqual([]);

  await header.signOut();
  await header.signInWithPassword(member.email, memberPassword);
  const step = header.dialog.getByRole('region', { name: uiText('fr', 'auth.mfa.heading') });
  const field = step.getByLabel(uiText('fr', 'auth.mfa.code'));
  const next = await code();
  const wrong = next === '000000' ? '111111' : '000000';
  await field.fill(wrong);
  await step.getByRole('button', { name: uiText('fr', 'auth.mfa.submit') }).click();
  await expect(step.getByRole('alert')).toHaveText(uiText('fr', 'errors.mfaCode'));
  await expect(field).toHaveValue(wrong);
  await field.fill(next);
  await step.getByRole('button', { name: uiText('fr', 'auth.mfa.submit') }).click();
  await expect(header.accountButton).toBeVisible();
});

test('a moderator signed in with a password is asked for the second factor before the queue loads', async ({
  page,
}) => {
  // French: the demo moderator's language, so passing the factor (a fresh sign-in) stays here.
  const header = new MemberHeader(page, 'fr');
  await page.goto('/fr/');
  await header.signInWithPassword('moderator@example.com', demoPassword);
  await expect(
    header.dialog.getByRole('region', { name: uiText('fr', 'auth.mfa.heading') }),
  ).toBeVisible();
  await header.dialog.getByRole('button', { name: uiText('fr', 'auth.dialog.close') }).click();
  // Not signed in for the reader yet: the header offers to finish signing in.
  await expect(
    page.locator('header').getByRole('button', { name: uiText('fr', 'auth.mfa.pending.finish') }),
  ).toBeVisible();
  await expect(header.accountButton).toHaveCount(0);

  await page.goto('/fr/moderation/');
  const form = page.locator('main').getByRole('region', { name: uiText('fr', 'auth.mfa.heading') });
  await expect(form).toBeVisible();
  await expect(page.getByRole('heading', { name: uiText('fr', 'moderation.reports') })).toHaveCount(
    0,
  );
  expect(await findAccessibilityViolations(page)).toEqual([]);
  await enterSecondFactorCode(
    form,
    'fr',
    demoSecondFactors.moderator.secret,
    page.getByRole('heading', { name: uiText('fr', 'moderation.reports') }),
  );
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const locale of ['en', 'de', 'fr', 'ar'] as const) {
    test(`the Security section is accessible in ${locale}, ${colorScheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      const header = new MemberHeader(page, locale);
      const member = await freshMember('Axe Ada', locale);
      await page.goto(`/${locale}/`);
      await header.signInWithPassword(member.email, memberPassword);
      await expect(header.accountButton).toBeVisible();
      await page.goto(`/${locale}/account/#security`);
      const account = new AccountPage(page, locale);
      // Passkeys, authenticator apps and security keys: none set up yet on each line.
      await expect(
        account
          .section('account.security.heading')
          .getByText(uiText(locale, 'account.security.none')),
      ).toHaveCount(3);
      expect(await findAccessibilityViolations(page)).toEqual([]);
      // And with the passkeys line's form open.
      await account.button('account.security.heading', 'account.security.passkey.add').click();
      await expect(
        account.field('account.security.heading', 'account.security.name'),
      ).toBeFocused();
      expect(await findAccessibilityViolations(page)).toEqual([]);
    });
  }
}
