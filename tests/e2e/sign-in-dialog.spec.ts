// The address-first sign-in dialog on a phone (390x844) and a desktop, in English, German and
// Arabic (right to left): the first view (the address, Continue, and the ways that need no address)
// fits the phone's screen without scrolling, and each way in goes to the end — password, e-mail
// link, e-mail code, sign-up with its confirmation, a forgotten password, single sign-on by the
// address's domain, an outside provider, a passkey, and the second factor. The browser's Back
// returns from a later step to the address, and the dialog leaves no entry in the history.
import type { Page } from '@playwright/test';
import type { Locale } from '../../src/i18n/locales.ts';
import { addAuthenticatorApp, freshMember, memberPassword } from './support/account.ts';
import { findAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { codeOf, freshAddress, newestMail, siteLinkOf } from './support/mailbox.ts';
import { backendAvailable, MemberHeader } from './support/members.ts';
import { signInAtIdentityProvider } from './support/organisation.ts';
import { addPasskey, addVirtualAuthenticator, onLocalhost } from './support/passkeys.ts';
import { ProviderPage } from './support/provider.ts';
import { uiText } from './support/ui-strings.ts';
import { unusedTotpCode } from '../backend/helpers/second-factor.ts';

test.skip(!backendAvailable, 'needs the local backend the Playwright config starts');

const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
const locales = ['en', 'de', 'ar'] as const satisfies readonly Locale[];

/** Presses the button of the e-mail link page (/{l}/auth/confirm/) that completes the link. */
async function openLink(page: Page, locale: Locale, link: string, kind: 'email' | 'recovery') {
  await page.goto(link);
  await page.getByRole('button', { name: uiText(locale, `confirm.submit.${kind}`) }).click();
}

/** Each way in, run to the end, in a locale (the viewports take them in turn). */
const ways: Record<string, (page: Page, locale: Locale) => Promise<void>> = {
  async password(page, locale) {
    const member = await freshMember('Password Pat', locale);
    const header = new MemberHeader(page, locale);
    await page.goto(`/${locale}/`);
    await header.signInWithPassword(member.email, memberPassword);
    await expect(header.accountButton).toBeVisible();
    await expect(header.dialog).toBeHidden();
  },

  async 'e-mail link'(page, locale) {
    const member = await freshMember('Link Lou', locale);
    const header = new MemberHeader(page, locale);
    await page.goto(`/${locale}/`);
    await header.toPasswordStep(member.email);
    await header.button('auth.email.instead').click();
    await expect(header.dialog.getByRole('status')).toHaveText(
      uiText(locale, 'auth.email.sent', { email: member.email }),
    );
    await openLink(page, locale, siteLinkOf(await newestMail(member.email)), 'email');
    await expect(page).toHaveURL((url) => url.pathname === `/${locale}/`);
    await expect(header.accountButton).toBeVisible();
  },

  async 'e-mail code'(page, locale) {
    const member = await freshMember('Code Cai', locale);
    const header = new MemberHeader(page, locale);
    await page.goto(`/${locale}/`);
    await header.toPasswordStep(member.email);
    await header.button('auth.email.instead').click();
    // The address stays in view, the code field takes the focus.
    await expect(header.field('auth.field.code')).toBeFocused();
    await expect(header.field('auth.field.email')).toHaveValue(member.email);
    await header.field('auth.field.code').fill(codeOf(await newestMail(member.email)));
    await header.button('auth.code.submit').click();
    await expect(header.accountButton).toBeVisible();
  },

  async 'sign-up with confirmation'(page, locale) {
    const email = freshAddress(`signup-${locale}`);
    const header = new MemberHeader(page, locale);
    await page.goto(`/${locale}/`);
    await header.toPasswordStep(email);
    await header.button('auth.signUp.start').click();
    await expect(header.field('auth.field.password')).toBeFocused();
    await header.field('auth.field.password').fill(memberPassword);
    await header.button('auth.signUp.submit').click();
    await expect(header.dialog.getByRole('status')).toHaveText(
      uiText(locale, 'auth.signUp.sent', { email }),
    );
    await openLink(page, locale, siteLinkOf(await newestMail(email)), 'email');
    await expect(page).toHaveURL((url) => url.pathname === `/${locale}/account/`);
    await expect(header.accountButton).toBeVisible();
  },

  async 'forgot password'(page, locale) {
    const member = await freshMember('Forgetful Fen', locale);
    const header = new MemberHeader(page, locale);
    await page.goto(`/${locale}/`);
    await header.toPasswordStep(member.email);
    await header.button('auth.forgot.start').click();
    await expect(header.dialog.getByRole('status')).toHaveText(
      uiText(locale, 'auth.forgot.sent', { email: member.email }),
    );
    await openLink(page, locale, siteLinkOf(await newestMail(member.email)), 'recovery');
    await expect(page).toHaveURL((url) => url.pathname === `/${locale}/auth/reset-password/`);
    await page
      .getByLabel(uiText(locale, 'resetPassword.field'), { exact: true })
      .fill('a new password at last');
    await page.getByRole('button', { name: uiText(locale, 'resetPassword.submit') }).click();
    await expect(page.locator('main').getByRole('status')).toHaveText(
      uiText(locale, 'resetPassword.done'),
    );
  },

  async 'single sign-on by the domain'(page, locale) {
    const header = new MemberHeader(page, locale);
    await page.goto(`/${locale}/about/`);
    const start = new URL(page.url()).pathname;
    await header.openDialog();
    await header.continueWith('editor@newsroom.example');
    // No password step, no second address field: the organisation's page (in the browser's
    // language, English here).
    await signInAtIdentityProvider(page, 'editor@newsroom.example');
    await page.waitForURL((url) => url.pathname === start);
    await expect(header.accountButton).toBeVisible();
  },

  async provider(page, locale) {
    const header = new MemberHeader(page, locale);
    await page.goto(`/${locale}/`);
    await header.openDialog();
    await header.button('auth.oauth.button', { provider: 'Keycloak' }).click();
    // Lena exists only at the provider and in no other spec (members-oauth links Yuki and Omar).
    await new ProviderPage(page, locale).signIn('lena@example.org');
    await expect(header.accountButton).toBeVisible();
  },

  async passkey(page, locale) {
    // The button (the autofill's quiet request is covered in second-factors.spec.ts).
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await addVirtualAuthenticator(page, 'internal');
    const member = await freshMember('Passkey Pem', locale);
    const header = new MemberHeader(page, locale);
    await page.goto(onLocalhost(`/${locale}/`));
    await header.signInWithPassword(member.email, memberPassword);
    await expect(header.accountButton).toBeVisible();
    await addPasskey(page, 'Phone', locale);
    await header.signOut();
    await expect(header.signInButton).toBeVisible();
    await header.openDialog();
    await header.button('auth.passkey.button').click();
    await expect(header.accountButton).toBeVisible();
  },

  async 'second factor'(page, locale) {
    const member = await freshMember('Factor Flo', locale);
    const secret = await addAuthenticatorApp(member.email);
    const header = new MemberHeader(page, locale);
    await page.goto(`/${locale}/`);
    await header.signInWithPassword(member.email, memberPassword);
    const step = header.dialog.getByRole('region', { name: uiText(locale, 'auth.mfa.heading') });
    const code = step.getByLabel(uiText(locale, 'auth.mfa.code'));
    // The focus moves to the code.
    await expect(code).toBeFocused();
    await code.fill(await unusedTotpCode(secret));
    await step.getByRole('button', { name: uiText(locale, 'auth.mfa.submit') }).click();
    await expect(header.accountButton).toBeVisible();
  },
};

for (const [index, [name, viewport]] of Object.entries(viewports).entries()) {
  test.describe(`on a ${name} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    for (const locale of locales) {
      test(`the first view fits without scrolling in ${locale}, and is axe clean`, async ({
        page,
      }) => {
        const header = new MemberHeader(page, locale);
        await page.goto(`/${locale}/`);
        await header.openDialog();
        const email = header.field('auth.field.email');
        await expect(email).toBeFocused();
        await expect(email).toHaveAttribute('autocomplete', 'username webauthn');
        const parts = [
          email,
          header.button('auth.continue'),
          header.button('auth.passkey.button'),
          header.button('auth.oauth.button', { provider: 'Keycloak' }),
        ];
        for (const part of parts) {
          await expect(part).toBeInViewport({ ratio: 1 });
        }
        // Nothing to scroll, either way: German's long words and Arabic wrap inside the dialog.
        const overflow = await header.dialog.evaluate((dialog) => ({
          down: dialog.scrollHeight - dialog.clientHeight,
          across: dialog.scrollWidth - dialog.clientWidth,
        }));
        expect(overflow).toEqual({ down: 0, across: 0 });
        // One address field in the dialog, no password yet.
        await expect(header.dialog.locator('input')).toHaveCount(1);
        expect(await findAccessibilityViolations(page)).toEqual([]);
      });
    }

    for (const [wayIndex, [way, run]] of Object.entries(ways).entries()) {
      // Each way in one of the three languages, another on each viewport. The newsroom's editor
      // reads German in sso.spec.ts (a first sign-in adopts the page's language): German here too.
      const locale =
        way === 'single sign-on by the domain'
          ? 'de'
          : (locales[(wayIndex + index) % locales.length] ?? 'en');
      test(`${way}, to the end, in ${locale}`, async ({ page }) => {
        await run(page, locale);
      });
    }
  });
}

// The browser's Back, in a left-to-right and a right-to-left language.
for (const locale of ['en', 'ar'] as const) {
  test(`the browser's Back returns from the password step to the address, in ${locale}`, async ({
    page,
  }) => {
    const email = freshAddress(`back-${locale}`);
    const header = new MemberHeader(page, locale);
    await page.goto(`/${locale}/`);
    await header.toPasswordStep(email);
    await page.goBack();
    // Still this page, the dialog open on its first step: the address kept, and focused.
    await expect(page).toHaveURL((url) => url.pathname === `/${locale}/`);
    await expect(header.dialog).toBeVisible();
    await expect(header.field('auth.field.email')).toBeFocused();
    await expect(header.field('auth.field.email')).toHaveValue(email);
    await expect(header.field('auth.field.password')).toHaveCount(0);
    // The next address goes on as the first did, and Back works again.
    await header.button('auth.continue').click();
    await expect(header.field('auth.field.password')).toBeFocused();
    await page.goBack();
    await expect(header.field('auth.field.email')).toBeFocused();
    // Escape still closes the dialog.
    await page.keyboard.press('Escape');
    await expect(header.dialog).toBeHidden();
  });

  test(`a later step's Back button or closing leaves no history entry behind, in ${locale}`, async ({
    page,
  }) => {
    const email = freshAddress(`history-${locale}`);
    const header = new MemberHeader(page, locale);
    await page.goto(`/${locale}/`);
    await page.goto(`/${locale}/authors/`);
    // The dialog's Back, then Escape.
    await header.toPasswordStep(email);
    await header.button('auth.back').click();
    await expect(header.field('auth.field.email')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(header.dialog).toBeHidden();
    // The close button on the password step (reopened, the dialog is where it was left).
    await header.openDialog();
    await header.continueWith(email);
    await expect(header.field('auth.field.password')).toBeFocused();
    await header.button('auth.dialog.close').click();
    await expect(header.dialog).toBeHidden();
    await header.openDialog();
    await expect(header.field('auth.field.password')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(header.dialog).toBeHidden();
    // One Back leads to the page before.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === `/${locale}/`);
  });
}
