// E-mail flows end to end: the dialog asks, the local backend's mailbox receives the e-mail in the
// member's language, its link opens /{l}/auth/confirm/ in that language, and only pressing the
// button there completes it. Recovery continues on /{l}/auth/reset-password/.
import type { Page } from '@playwright/test';
import type { Locale } from '../../src/i18n/locales.ts';
import { freshMember, memberPassword as password } from './support/account.ts';
import { expect, test } from './support/fixtures.ts';
import { codeOf, freshAddress, newestMail, siteLinkOf } from './support/mailbox.ts';
import { backendAvailable, MemberHeader } from './support/members.ts';
import { nodeClient } from './support/community.ts';
import { aRoute } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

test.skip(!backendAvailable, 'needs the local backend the Playwright config starts');

function button(page: Page, locale: Locale, key: string) {
  return page.getByRole('button', { name: uiText(locale, key), exact: true });
}

test('sign-up in German: a German e-mail, a link mail scanners cannot use up, then signed in', async ({
  page,
  browser,
  data,
}) => {
  const email = freshAddress('signup');
  await page.goto(aRoute(data, 'home', 'de').path);
  const header = new MemberHeader(page, 'de');
  await header.toPasswordStep(email);
  await header.button('auth.signUp.start').click();
  await expect(header.field('auth.field.password')).toBeFocused();
  await header.field('auth.field.password').fill(password);
  await button(page, 'de', 'auth.signUp.submit').click();
  await expect(header.dialog.getByRole('status')).toHaveText(
    uiText('de', 'auth.signUp.sent', { email }),
  );

  const mail = await newestMail(email);
  expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
  const link = siteLinkOf(mail);
  expect(link).toMatch(/^\/de\/auth\/confirm\/\?token_hash=/);

  // A mail scanner that opens the link, even one that runs the page's script, uses nothing up.
  const scanner = await browser.newContext();
  const scanned = await scanner.newPage();
  await scanned.goto(link);
  await expect(button(scanned, 'de', 'confirm.submit.email')).toBeVisible();
  await scanner.close();

  await page.goto(link);
  await expect(page.getByText(uiText('de', 'confirm.intro.email'))).toBeVisible();
  await button(page, 'de', 'confirm.submit.email').click();
  // The confirmation e-mail leads on to the account page; any page's header shows the member.
  await expect(page).toHaveURL((url) => url.pathname === '/de/account/');
  await page.goto(aRoute(data, 'home', 'de').path);
  await expect(header.accountButton).toBeVisible();
});

test('an e-mail link opened in German and switched to English keeps its token and completes in English', async ({
  page,
  site,
  data,
}) => {
  const email = freshAddress('switch');
  await page.goto(aRoute(data, 'home', 'de').path);
  const header = new MemberHeader(page, 'de');
  await header.toPasswordStep(email);
  await header.button('auth.signUp.start').click();
  await expect(header.field('auth.field.password')).toBeFocused();
  await header.field('auth.field.password').fill(password);
  await button(page, 'de', 'auth.signUp.submit').click();
  await expect(header.dialog.getByRole('status')).toBeVisible();
  const link = siteLinkOf(await newestMail(email));
  const token = new URL(link, 'http://site').search;
  expect(token).toMatch(/token_hash=/);

  await page.goto(link);
  await site.languageLink('de', 'en').click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/en/auth/confirm/' && url.search === token,
  );
  await expect(page.getByText(uiText('en', 'confirm.intro.email'))).toBeVisible();
  await button(page, 'en', 'confirm.submit.email').click();
  // The link's own `next` (the account page in the language the member signed up in) is kept.
  await expect(page).toHaveURL((url) => url.pathname === '/de/account/');
  await page.goto(aRoute(data, 'home', 'en').path);
  await expect(new MemberHeader(page, 'en').accountButton).toBeVisible();
});

test('e-mail code: the 6-digit code from the e-mail signs in from the dialog', async ({
  page,
  data,
}) => {
  const { email } = await freshMember('code', 'en');
  await page.goto(aRoute(data, 'home', 'en').path);
  const header = new MemberHeader(page, 'en');
  await header.toPasswordStep(email);
  await header.button('auth.email.instead').click();
  await expect(header.field('auth.field.code')).toBeFocused();

  const mail = await newestMail(email);
  await header.field('auth.field.code').fill(codeOf(mail));
  await button(page, 'en', 'auth.code.submit').click();
  await expect(header.accountButton).toBeVisible();
});

test('e-mail link in French: the link opens the French confirm page and signs in on the button', async ({
  page,
  data,
}) => {
  const { email } = await freshMember('link', 'fr');
  await page.goto(aRoute(data, 'home', 'fr').path);
  const header = new MemberHeader(page, 'fr');
  await header.toPasswordStep(email);
  await header.button('auth.email.instead').click();
  await expect(header.dialog.getByRole('status')).toHaveText(
    uiText('fr', 'auth.email.sent', { email }),
  );

  const link = siteLinkOf(await newestMail(email));
  expect(link).toMatch(/^\/fr\/auth\/confirm\//);
  await page.goto(link);
  await expect(header.signInButton).toBeVisible();
  await button(page, 'fr', 'confirm.submit.email').click();
  await expect(page).toHaveURL((url) => url.pathname === '/fr/');
  await expect(header.accountButton).toBeVisible();
});

test('password recovery in Arabic: reset link, a too-short password explained, then the new one works', async ({
  page,
  data,
}) => {
  const { email } = await freshMember('recover', 'ar');
  await page.goto(aRoute(data, 'home', 'ar').path);
  const header = new MemberHeader(page, 'ar');
  await header.toPasswordStep(email);
  await header.button('auth.forgot.start').click();
  await expect(header.dialog.getByRole('status')).toBeVisible();

  const link = siteLinkOf(await newestMail(email));
  expect(link).toMatch(/^\/ar\/auth\/confirm\/.*type=recovery/);
  await page.goto(link);
  await button(page, 'ar', 'confirm.submit.recovery').click();
  await expect(page).toHaveURL((url) => url.pathname === '/ar/auth/reset-password/');

  const field = page.getByLabel(uiText('ar', 'resetPassword.field'), { exact: true });
  await expect(page.getByText(uiText('ar', 'resetPassword.intro', { email }))).toBeVisible();
  await field.fill('short');
  await button(page, 'ar', 'resetPassword.submit').click();
  await expect(page.getByRole('alert')).toHaveText(uiText('ar', 'errors.weakPassword'));
  await expect(field).toHaveValue('short');

  const newPassword = 'a much longer new password';
  await field.fill(newPassword);
  await button(page, 'ar', 'resetPassword.submit').click();
  await expect(page.getByRole('status')).toHaveText(uiText('ar', 'resetPassword.done'));

  const client = await nodeClient();
  const old = await client.auth.signInWithPassword({ email, password });
  expect(old.error?.code).toBe('invalid_credentials');
  const renewed = await client.auth.signInWithPassword({ email, password: newPassword });
  expect(renewed.error).toBeNull();
});

test('a used link is explained in the page’s language, and a new one can be sent from there', async ({
  page,
  data,
}) => {
  const { email } = await freshMember('used', 'en');
  await page.goto(aRoute(data, 'home', 'en').path);
  const header = new MemberHeader(page, 'en');
  await header.toPasswordStep(email);
  await header.button('auth.email.instead').click();
  const link = siteLinkOf(await newestMail(email));

  // Used once (by the member), then opened again: GoTrue answers otp_expired.
  await page.goto(link);
  await button(page, 'en', 'confirm.submit.email').click();
  await expect(header.accountButton).toBeVisible();
  await header.signOut();
  await expect(header.signInButton).toBeVisible();

  await page.goto(link);
  await button(page, 'en', 'confirm.submit.email').click();
  await expect(page.getByRole('alert')).toHaveText(uiText('en', 'errors.otpExpired'));
  await expect(page.getByRole('alert')).toBeFocused();

  await page.getByLabel(uiText('en', 'auth.field.email'), { exact: true }).fill(email);
  await button(page, 'en', 'confirm.resend.submit').click();
  await expect(page.getByRole('status')).toHaveText(uiText('en', 'confirm.resend.sent', { email }));
  const fresh = siteLinkOf(await newestMail(email, 2));
  expect(fresh).not.toBe(link);
  await page.goto(fresh);
  await button(page, 'en', 'confirm.submit.email').click();
  await expect(header.accountButton).toBeVisible();
});
