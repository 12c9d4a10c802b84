// Signing in through an outside service from the header, and linking one from the account page,
// with real redirects through the local backend and the development OpenID provider (a Keycloak
// realm): a new person, an existing member whose language is applied, a cancelled sign-in, linking,
// signing in with the linked service, unlinking, and the refusals, each in the page's language.
import type { Page } from '@playwright/test';
import { AccountPage, freshMember, memberPassword } from './support/account.ts';
import { expect, test } from './support/fixtures.ts';
import { backendAvailable, MemberHeader } from './support/members.ts';
import { ProviderPage } from './support/provider.ts';
import { aRoute, anArticle } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';
import type { Locale } from '../../src/i18n/locales.ts';

test.skip(!backendAvailable, 'needs the local backend the Playwright config starts');

async function continueWithKeycloak(page: Page, locale: Locale): Promise<void> {
  const header = new MemberHeader(page, locale);
  await header.openDialog();
  await header.dialog
    .getByRole('button', { name: uiText(locale, 'auth.oauth.button', { provider: 'Keycloak' }) })
    .click();
}

test('a new person signs up through the provider on an Arabic article and stays on it', async ({
  page,
  data,
}) => {
  const article = anArticle(data, { locale: 'ar' });
  await page.goto(article.path);
  await continueWithKeycloak(page, 'ar');
  await new ProviderPage(page, 'ar').signIn('omar@example.org');
  const header = new MemberHeader(page, 'ar');
  await expect(header.accountButton).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(article.path);
  // The new account reads in the language it signed up in, named as the provider knows them.
  const account = new AccountPage(page, 'ar');
  await account.open();
  await expect(account.field('account.profile.heading', 'account.displayName')).toHaveValue(
    'Omar Haddad',
  );
  const methods = account.section('account.identities.heading');
  await expect(methods).toContainText('Keycloak');
  await expect(methods).toContainText(uiText('ar', 'account.identities.lastOne'));
  await expect(
    methods.getByText(uiText('ar', 'account.identities.onlyProvider', { provider: 'Keycloak' }), {
      exact: false,
    }),
  ).toBeVisible();
});

test('an English-reading member who signs in through the provider on a German page reads English', async ({
  page,
  data,
}) => {
  const home = aRoute(data, 'home', 'de');
  await page.goto(home.path);
  await continueWithKeycloak(page, 'de');
  await new ProviderPage(page, 'de').signIn('member@example.com');
  await expect(page).toHaveURL(new RegExp(`${aRoute(data, 'home', 'en').path}$`));
  await expect(new MemberHeader(page, 'en').accountButton).toBeVisible();
});

test('a sign-in cancelled at the provider is explained in French and nothing happened', async ({
  page,
  data,
}) => {
  await page.goto(aRoute(data, 'home', 'fr').path);
  await continueWithKeycloak(page, 'fr');
  await new ProviderPage(page, 'fr').cancel();
  await expect(page.getByRole('alert')).toHaveText(uiText('fr', 'errors.providerCancelled'));
  await expect(new MemberHeader(page, 'fr').signInButton).toBeVisible();
});

test('a member links the provider on the account page, signs in with it, and unlinks it', async ({
  page,
  browser,
}) => {
  const member = await freshMember('Linking Member', 'en');
  const account = new AccountPage(page, 'en');
  await page.goto('/en/');
  await new MemberHeader(page, 'en').signInWithPassword(member.email, memberPassword);
  await expect(new MemberHeader(page, 'en').accountButton).toBeVisible();
  await account.open();
  const methods = account.section('account.identities.heading');
  await methods
    .getByRole('button', {
      name: account.text('account.identities.link', { provider: 'Keycloak' }),
    })
    .click();
  await new ProviderPage(page, 'en').signIn('yuki@example.org');
  await expect(page).toHaveURL(/\/en\/account\/#sign-in-methods$/);
  // The password, the e-mail address, and Keycloak now linked (its line offers to remove it).
  await expect(methods.getByRole('listitem')).toHaveCount(3);
  await expect(methods).toContainText('yuki@example.org');
  await expect(
    methods.getByRole('button', {
      name: account.text('account.identities.link', { provider: 'Keycloak' }),
    }),
  ).toHaveCount(0);

  // Someone else cannot link the same provider account: the reason, in their language.
  const other = await freshMember('Other Member', 'de');
  const otherPage = await browser.newPage();
  await otherPage.goto('/de/');
  await new MemberHeader(otherPage, 'de').signInWithPassword(other.email, memberPassword);
  await expect(new MemberHeader(otherPage, 'de').accountButton).toBeVisible();
  const otherAccount = new AccountPage(otherPage, 'de');
  await otherAccount.open();
  await otherAccount
    .section('account.identities.heading')
    .getByRole('button', {
      name: otherAccount.text('account.identities.link', { provider: 'Keycloak' }),
    })
    .click();
  await new ProviderPage(otherPage, 'de').signIn('yuki@example.org');
  await expect(otherPage.getByRole('alert')).toHaveText(
    uiText('de', 'errors.identityAlreadyLinked'),
  );
  await otherPage.close();

  // Signed out, the provider account signs in to this member's account.
  await new MemberHeader(page, 'en').signOut();
  await page.goto('/en/');
  await continueWithKeycloak(page, 'en');
  await new ProviderPage(page, 'en').signIn('yuki@example.org');
  await expect(new MemberHeader(page, 'en').accountButton).toBeVisible();
  await account.open();
  await expect(account.section('account.email.heading')).toContainText(member.email);

  // Unlinked, only the e-mail address is left.
  await methods
    .getByRole('button', {
      name: account.text('account.identities.unlink', { provider: 'Keycloak' }),
    })
    .click();
  await expect(methods.getByRole('status')).toHaveText(
    account.text('account.identities.removed', { provider: 'Keycloak' }),
  );
  await expect(methods).not.toContainText('yuki@example.org');
  // Keycloak's line offers to link it again.
  await expect(
    methods.getByRole('button', {
      name: account.text('account.identities.link', { provider: 'Keycloak' }),
    }),
  ).toBeVisible();
});
