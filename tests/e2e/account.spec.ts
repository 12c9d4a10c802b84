// The account page against the local backend, in the built site: what a member changes here shows
// in the header and on their other devices, and export and deletion do what the page says.
import { readFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import { AccountPage, freshMember, memberPassword } from './support/account.ts';
import { contextWithSession, nodeClient } from './support/community.ts';
import { expect, test } from './support/fixtures.ts';
import { freshAddress, newestMail, siteLinkOf } from './support/mailbox.ts';
import { backendAvailable, MemberHeader } from './support/members.ts';
import { aRoute, anArticle } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

test.skip(!backendAvailable, 'needs the local backend the Playwright config starts');

/** A browser context holding a session of its own for the member (another device). */
async function deviceOf(browser: Browser, email: string) {
  const client = await nodeClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password: memberPassword });
  if (error) throw error;
  return contextWithSession(browser, data.session);
}

/** The smallest PNG (1×1), as a file picked from disk. */
const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('signed-out visitors learn what the page is for and sign in from it; the account code loads on that press', async ({
  page,
}) => {
  // Their language is German, so signing in here keeps them on this page.
  const member = await freshMember('Signed Out Sam', 'de');
  const account = new AccountPage(page, 'de');
  const accountCode: string[] = [];
  page.on('request', (request) => {
    if (/\/AccountIsland\.[^/]*\.js$/.test(request.url())) accountCode.push(request.url());
  });
  await account.open();
  // Drawn by the page itself: the account island's code has not been asked for.
  await expect(account.main.getByText(account.text('account.signedOut'))).toBeVisible();
  await page.waitForLoadState('load');
  expect(accountCode).toEqual([]);
  await account.main.getByRole('button', { name: account.text('header.signIn') }).click();
  const header = new MemberHeader(page, 'de');
  await expect(header.dialog).toBeVisible();
  await expect.poll(() => accountCode.length).toBe(1);
  await header.continueWith(member.email);
  await header.field('auth.field.password').fill(memberPassword);
  await header.button('auth.password.submit').click();
  await expect(account.field('account.profile.heading', 'account.displayName')).toHaveValue(
    'Signed Out Sam',
  );
});

test('an uploaded picture appears in the header; a wrong file is explained and not sent', async ({
  browser,
}) => {
  const member = await freshMember('Avatar Ava');
  const context = await deviceOf(browser, member.email);
  const page = await context.newPage();
  const account = new AccountPage(page, 'fr');
  await account.open();
  const chooser = account.field('account.avatar.heading', 'account.avatar.choose');

  await chooser.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(account.alert('account.avatar.heading')).toHaveText(uiText('fr', 'errors.fileType'));
  await expect(account.button('account.avatar.heading', 'account.avatar.upload')).toHaveCount(0);

  await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pixel });
  await expect(
    account.section('account.avatar.heading').getByRole('img', {
      name: account.text('account.avatar.preview'),
    }),
  ).toBeVisible();
  await account.button('account.avatar.heading', 'account.avatar.upload').click();

  // The header draws it through Storage's renderer (or the original where rendering is off).
  const headerAvatar = page.locator('header .avatar-button img');
  await expect(headerAvatar).toHaveAttribute(
    'src',
    new RegExp(`/storage/v1/(render/image|object)/public/avatars/${member.id}/avatar-\\d+\\.png`),
  );
  const served = await page.request.get((await headerAvatar.getAttribute('src')) ?? '');
  expect(served.status()).toBe(200);
  // After a reload the header still shows it (it is the profile's, not the page's).
  await page.reload();
  await expect(page.locator('header .avatar-button img')).toBeVisible();
  await context.close();
});

test('a name that breaks the rules is explained in the reader’s language and stays typed', async ({
  browser,
}) => {
  const member = await freshMember('Rule Ruth');
  const context = await deviceOf(browser, member.email);
  const page = await context.newPage();
  const account = new AccountPage(page, 'ar');
  await account.open();
  const name = account.field('account.profile.heading', 'account.displayName');
  const tooLong = 'ن'.repeat(41);
  await name.fill(tooLong);
  await account.button('account.profile.heading', 'account.profile.save').click();
  await expect(account.alert('account.profile.heading')).toHaveText(
    uiText('ar', 'errors.displayNameLength'),
  );
  await expect(name).toHaveValue(tooLong);

  await name.fill('روث');
  await account.button('account.profile.heading', 'account.profile.save').click();
  await expect(account.section('account.profile.heading').getByRole('status').first()).toHaveText(
    uiText('ar', 'account.saved'),
  );
  await expect(page.locator('header .avatar-button')).toHaveAccessibleName(
    uiText('ar', 'header.accountMenu', { name: 'روث' }),
  );
  await context.close();
});

test('the preferred language follows the member to another device after sign-in', async ({
  browser,
  data,
}) => {
  const member = await freshMember('Language Lou');
  const laptop = await deviceOf(browser, member.email);
  const page = await laptop.newPage();
  const account = new AccountPage(page, 'en');
  await account.open();
  await account.field('account.profile.heading', 'account.language').selectOption('de');
  await account.button('account.profile.heading', 'account.language.save').click();
  await expect(page).toHaveURL(/\/de\/account\/$/);
  await laptop.close();

  // A new browser (another device): signing in on an English article moves to its German page.
  const phone = await browser.newContext();
  const article = anArticle(data, { locale: 'en', translatedTo: ['de'] });
  const german = article.switcher.find((entry) => entry.locale === 'de')?.path ?? '';
  const second = await phone.newPage();
  await second.goto(article.path);
  await new MemberHeader(second, 'en').signInWithPassword(member.email, memberPassword);
  await expect(second).toHaveURL(new RegExp(`${german}$`));

  // Opening an English page later on purpose only offers the switch.
  const home = aRoute(data, 'home', 'en').path;
  await second.goto(home);
  const offer = second.locator('header').getByRole('status');
  await expect(offer).toContainText(uiText('en', 'header.localeOffer', { language: 'Deutsch' }));
  await expect(
    offer.getByRole('link', { name: uiText('en', 'header.localeSwitch', { language: 'Deutsch' }) }),
  ).toHaveAttribute('href', '/de/');
  await expect(second).toHaveURL(new RegExp(`${home}$`));
  await phone.close();
});

test('sign-in methods and security read as settings: the password line first, each line says what is set up and opens its one form', async ({
  browser,
}) => {
  const member = await freshMember('Settings Sol', 'ar');
  const context = await deviceOf(browser, member.email);
  const page = await context.newPage();
  const account = new AccountPage(page, 'ar');
  await account.open();
  const methods = account.section('account.identities.heading');
  const lines = methods.locator(':scope .settings-list > li');
  // The password first, set for this address; then the address itself.
  await expect(lines.first().getByRole('heading')).toHaveText(
    account.text('account.password.heading'),
  );
  await expect(lines.first()).toContainText(account.text('account.password.withAddress'));
  await expect(lines.nth(1)).toContainText(member.email);
  // Its one action opens the form, whose field takes the focus; the new password is saved.
  const change = account.button('account.identities.heading', 'account.password.change');
  await expect(account.field('account.identities.heading', 'account.password.new')).toHaveCount(0);
  await change.click();
  await expect(change).toHaveAttribute('aria-expanded', 'true');
  const field = account.field('account.identities.heading', 'account.password.new');
  await expect(field).toBeFocused();
  await field.fill('another password, longer');
  await account.button('account.identities.heading', 'account.password.submit').click();
  await expect(methods.getByRole('status').first()).toHaveText(
    account.text('account.password.changed'),
  );
  // Security: passkeys, authenticator apps, security keys, none set up yet, each with its "Add…".
  const security = account.section('account.security.heading');
  await expect(security.getByRole('heading', { level: 3 })).toHaveText([
    account.text('account.security.passkeys'),
    account.text('account.security.apps'),
    account.text('account.security.keys'),
    account.text('account.security.lostHeading'),
  ]);
  for (const add of [
    'account.security.passkey.add',
    'account.security.totp.add',
    'account.security.key.add',
  ]) {
    await expect(account.button('account.security.heading', add)).toBeVisible();
  }
  // One form at a time; Cancel closes it.
  await account.button('account.security.heading', 'account.security.totp.add').click();
  await expect(account.field('account.security.heading', 'account.security.name')).toBeFocused();
  await account.button('account.security.heading', 'account.security.cancel').click();
  await expect(account.field('account.security.heading', 'account.security.name')).toHaveCount(0);
  await context.close();
});

test('signing out everywhere ends the session on the member’s other device', async ({
  browser,
  data,
}) => {
  const member = await freshMember('Everywhere Eli');
  const laptop = await deviceOf(browser, member.email);
  const phone = await deviceOf(browser, member.email);
  const phonePage = await phone.newPage();
  const home = aRoute(data, 'home', 'en').path;
  await phonePage.goto(home);
  const phoneHeader = new MemberHeader(phonePage, 'en');
  await expect(phoneHeader.accountButton).toBeVisible();

  const page = await laptop.newPage();
  const account = new AccountPage(page, 'en');
  await account.open();
  await account.button('account.sessions.heading', 'account.signOutEverywhere').click();
  await expect(account.main.getByText(account.text('account.signedOut'))).toBeVisible();

  await phonePage.reload();
  await expect(phoneHeader.signInButton).toBeVisible();
  await expect(phonePage.locator('header').getByRole('status')).toContainText(
    uiText('en', 'header.sessionEnded'),
  );
  await laptop.close();
  await phone.close();
});

test('a new e-mail address takes effect only after both mailed links are confirmed, in the member’s language', async ({
  browser,
}) => {
  const member = await freshMember('Moving Mia', 'de');
  const moved = freshAddress('moved');
  const context = await deviceOf(browser, member.email);
  const page = await context.newPage();
  const account = new AccountPage(page, 'de');
  await account.open();
  await account.field('account.email.heading', 'account.email.new').fill(moved);
  await account.button('account.email.heading', 'account.email.submit').click();
  await expect(account.section('account.email.heading').getByRole('status')).toHaveText(
    account.text('account.email.sent', { email: moved }),
  );

  // One link to each address, both to the German confirm page.
  const toCurrent = siteLinkOf(await newestMail(member.email));
  const toNew = siteLinkOf(await newestMail(moved));
  expect(toCurrent).toMatch(/^\/de\/auth\/confirm\/\?token_hash=/);
  expect(toNew).toMatch(/^\/de\/auth\/confirm\/\?token_hash=/);
  const confirmButton = page.getByRole('button', {
    name: uiText('de', 'confirm.submit.emailChange'),
    exact: true,
  });
  const signsIn = async (email: string) => {
    const client = await nodeClient();
    const { error } = await client.auth.signInWithPassword({ email, password: memberPassword });
    return error === null;
  };

  // Half of the change: the page says what is left, and the old address still signs in.
  await page.goto(toCurrent);
  await confirmButton.click();
  await expect(page.getByRole('status')).toHaveText(uiText('de', 'confirm.emailChangeHalf'));
  expect(await signsIn(member.email)).toBe(true);
  expect(await signsIn(moved)).toBe(false);

  await page.goto(toNew);
  await confirmButton.click();
  // The change is complete: the page moves on to the account page, which shows the new address.
  await expect(page).toHaveURL((url) => url.pathname === '/de/account/');
  await expect(
    account
      .section('account.email.heading')
      .getByText(account.text('account.email.current', { email: moved })),
  ).toBeVisible();
  expect(await signsIn(moved)).toBe(true);
  expect(await signsIn(member.email)).toBe(false);

  // A used link explains itself in German and leads back to the account page to start again.
  await page.goto(toNew);
  await confirmButton.click();
  await expect(page.getByRole('alert')).toHaveText(uiText('de', 'errors.otpExpired'));
  await expect(
    page.getByRole('link', { name: uiText('de', 'confirm.emailChangeAgain'), exact: true }),
  ).toHaveAttribute('href', '/de/account/');
  await context.close();
});

test('the data export downloads the member’s own data as JSON', async ({ browser }) => {
  const member = await freshMember('Export Erin');
  const client = await nodeClient();
  await client.auth.signInWithPassword({ email: member.email, password: memberPassword });
  await client.from('bookmarks').insert({ article_key: 'export-check' });
  const context = await deviceOf(browser, member.email);
  const page = await context.newPage();
  const account = new AccountPage(page, 'de');
  await account.open();
  const download = page.waitForEvent('download');
  await account.button('account.data.heading', 'account.export.submit').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^polyglot-press-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as Record<string, unknown>;
  expect(exported).toMatchObject({
    account: { id: member.id, email: member.email },
    profile: { display_name: 'Export Erin' },
    bookmarks: [expect.objectContaining({ article_key: 'export-check' })],
  });
  await context.close();
});

test('deleting the account needs the word, signs out, and the account can no longer sign in', async ({
  browser,
}) => {
  const member = await freshMember('Leaving Lee');
  const context = await deviceOf(browser, member.email);
  const page = await context.newPage();
  const account = new AccountPage(page, 'de');
  await account.open();
  const word = uiText('de', 'account.delete.word');
  const confirm = account.field('account.delete.heading', 'account.delete.confirm', { word });
  await confirm.fill('delete');
  await account.button('account.delete.heading', 'account.delete.submit').click();
  await expect(account.alert('account.delete.heading')).toHaveText(
    uiText('de', 'account.delete.mismatch', { word }),
  );
  await expect(confirm).toHaveValue('delete');

  await confirm.fill(word);
  await account.button('account.delete.heading', 'account.delete.submit').click();
  await expect(account.main.getByText(uiText('de', 'account.deleted'))).toBeVisible();
  const header = new MemberHeader(page, 'de');
  await expect(header.signInButton).toBeVisible();

  await header.signInWithPassword(member.email, memberPassword);
  await expect(header.dialog.getByRole('alert')).toHaveText(
    uiText('de', 'errors.invalidCredentials'),
  );
  await context.close();
});
