// A sign-in that waits for its second factor is not a signed-in reader. After the password,
// supabase-js already stores the first step's session (aal1); a reader who closes the dialog, reloads
// or opens another page sees the header's "Finish signing in", and the account page and the
// comments as a signed-out reader does, until the authenticator app's code is given. What was
// typed in the comment box is there again afterwards. Back from an e-mail link, the dialog asks
// for the factor by itself; a recovery link asks for it before the new password.
import { unusedTotpCode } from '../backend/helpers/second-factor.ts';
import { addAuthenticatorApp, freshMember, memberPassword } from './support/account.ts';
import { findAccessibilityViolations } from './support/axe.ts';
import { openComments } from './support/community.ts';
import { expect, test } from './support/fixtures.ts';
import { newestMail, siteLinkOf } from './support/mailbox.ts';
import { backendAvailable, MemberHeader } from './support/members.ts';
import { routesOf, type SiteData } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

test.skip(!backendAvailable, 'needs the local e2e backend');

function articlePath(data: SiteData): string {
  const route = routesOf(data, 'article', 'en').find(
    (candidate) => candidate.article.key === 'translation-metadata-article-unicode-explained',
  );
  if (!route) throw new Error('no en page for the seeded article');
  return route.path;
}

test('a sign-in waiting for its second factor shows nothing of the member until the code is given', async ({
  page,
  data,
}) => {
  // The longest story of the suite (two sign-ins, a reload, three pages): it needs the time on a
  // busy machine.
  test.slow();
  const member = await freshMember('Pending Pia');
  const secret = await addAuthenticatorApp(member.email);
  const header = new MemberHeader(page, 'en');
  const path = articlePath(data);
  const comments = page.locator('#comments');
  const box = comments.getByLabel(uiText('en', 'comments.form.label'));
  const step = header.dialog.getByRole('region', { name: uiText('en', 'auth.mfa.heading') });
  const finishText = uiText('en', 'auth.mfa.pending.finish');
  const finish = page.locator('header').getByRole('button', { name: finishText });
  const giveCode = async () => {
    await step.getByLabel(uiText('en', 'auth.mfa.code')).fill(await unusedTotpCode(secret));
    await step.getByRole('button', { name: uiText('en', 'auth.mfa.submit') }).click();
  };

  // Signed in with both factors, the member starts a comment; the session ends before it is sent.
  await openComments(page, path);
  await header.signInWithPassword(member.email, memberPassword);
  await giveCode();
  await expect(header.accountButton).toBeVisible();
  const draft = 'Half a thought about combining characters, to finish later.';
  await box.fill(draft);
  await header.signOut();
  await expect(header.signInButton).toBeVisible();
  await expect(box).toHaveCount(0);

  // The password alone: the dialog asks for the code, and the reader closes it.
  await header.signInWithPassword(member.email, memberPassword);
  await expect(step).toBeVisible();
  await header.dialog.getByRole('button', { name: uiText('en', 'auth.dialog.close') }).click();
  await expect(finish).toBeVisible();
  await expect(
    page.locator('header').getByRole('button', { name: uiText('en', 'header.signOut') }),
  ).toBeVisible();
  await expect(header.accountButton).toHaveCount(0);
  // The comments as a signed-out reader sees them, with a prompt to finish: no box, no reacting.
  await expect(comments.getByText(uiText('en', 'auth.mfa.pending.comments'))).toBeVisible();
  await expect(box).toHaveCount(0);
  await expect(comments.locator('[data-reaction]').first()).toBeDisabled();
  await expect(comments.getByRole('button', { name: uiText('en', 'bookmark.toggle') })).toHaveCount(
    0,
  );

  // Reloading keeps the half-finished sign-in half-finished.
  await page.reload();
  await expect(finish).toBeVisible();
  await expect(header.accountButton).toHaveCount(0);

  // The account page shows none of the member's data.
  await page.goto('/en/account/');
  const main = page.locator('main');
  await expect(main.getByText(uiText('en', 'auth.mfa.pending.account'))).toBeVisible();
  await expect(
    main.getByRole('region', { name: uiText('en', 'account.profile.heading') }),
  ).toHaveCount(0);
  await expect(main.getByText(member.email)).toHaveCount(0);
  await expect(main.getByText(member.name)).toHaveCount(0);
  expect(await findAccessibilityViolations(page)).toEqual([]);

  // Back on the article, the comments' "Finish signing in" opens the dialog at the second step;
  // the code signs the member in everywhere on the page, without a reload, draft and all.
  await openComments(page, path);
  await expect(box).toHaveCount(0);
  await comments.getByRole('button', { name: finishText }).click();
  await expect(step).toBeVisible();
  await giveCode();
  await expect(header.accountButton).toBeVisible();
  await expect(header.dialog).toBeHidden();
  await expect(finish).toHaveCount(0);
  await expect(box).toHaveValue(draft);
  await expect(comments.locator('[data-reaction]').first()).toBeEnabled();
});

test('“Sign out” in the header ends a sign-in waiting for its second factor', async ({ page }) => {
  const member = await freshMember('Leaving Leo', 'de');
  await addAuthenticatorApp(member.email);
  const header = new MemberHeader(page, 'de');
  await page.goto('/de/');
  await header.signInWithPassword(member.email, memberPassword);
  await expect(
    header.dialog.getByRole('region', { name: uiText('de', 'auth.mfa.heading') }),
  ).toBeVisible();
  await header.dialog.getByRole('button', { name: uiText('de', 'auth.dialog.close') }).click();
  const headerBar = page.locator('header');
  await expect(
    headerBar.getByRole('button', { name: uiText('de', 'auth.mfa.pending.finish') }),
  ).toBeVisible();
  expect(await findAccessibilityViolations(page)).toEqual([]);

  await headerBar.getByRole('button', { name: uiText('de', 'header.signOut') }).click();
  await expect(header.signInButton).toBeVisible();
  await expect(
    headerBar.getByRole('button', { name: uiText('de', 'auth.mfa.pending.finish') }),
  ).toHaveCount(0);
  // Ended on request: no "you have been signed out" notice.
  await expect(page.getByText(uiText('de', 'header.sessionEnded'))).toHaveCount(0);
  await page.reload();
  await expect(header.signInButton).toBeVisible();
});

test('a recovery link on an account with a second factor asks for the factor before the new password', async ({
  page,
}) => {
  const member = await freshMember('Recovering Rui');
  const secret = await addAuthenticatorApp(member.email);
  const header = new MemberHeader(page, 'en');
  await page.goto('/en/');
  await header.toPasswordStep(member.email);
  await header.button('auth.forgot.start').click();
  await expect(header.dialog.getByRole('status')).toBeVisible();
  await page.goto(siteLinkOf(await newestMail(member.email)));
  await page.getByRole('button', { name: uiText('en', 'confirm.submit.recovery') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/en/auth/reset-password/');

  // The page asks for the factor first, and the dialog opens at that step by itself; closed, the
  // page's own button opens it again.
  const main = page.locator('main');
  const field = main.getByLabel(uiText('en', 'resetPassword.field'), { exact: true });
  const step = header.dialog.getByRole('region', { name: uiText('en', 'auth.mfa.heading') });
  await expect(step).toBeVisible();
  await header.dialog.getByRole('button', { name: uiText('en', 'auth.dialog.close') }).click();
  await expect(main.getByText(uiText('en', 'auth.mfa.pending.resetPassword'))).toBeVisible();
  await expect(field).toHaveCount(0);
  await main.getByRole('button', { name: uiText('en', 'auth.mfa.pending.finish') }).click();
  await step.getByLabel(uiText('en', 'auth.mfa.code')).fill(await unusedTotpCode(secret));
  await step.getByRole('button', { name: uiText('en', 'auth.mfa.submit') }).click();

  await field.fill('a new password after the code');
  await main.getByRole('button', { name: uiText('en', 'resetPassword.submit') }).click();
  await expect(main.getByRole('status')).toHaveText(uiText('en', 'resetPassword.done'));
});

test('back from an e-mail link on an account with a second factor, the dialog asks for the code at once', async ({
  page,
}) => {
  const member = await freshMember('Linked Lina', 'fr');
  const secret = await addAuthenticatorApp(member.email);
  const header = new MemberHeader(page, 'fr');
  await page.goto('/fr/');
  await header.toPasswordStep(member.email);
  await header.button('auth.email.instead').click();
  await expect(header.dialog.getByRole('status')).toBeVisible();

  await page.goto(siteLinkOf(await newestMail(member.email)));
  await page.getByRole('button', { name: uiText('fr', 'confirm.submit.email') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/fr/');
  // Not signed in yet: the link was the first factor, and the dialog is open at the second.
  const step = header.dialog.getByRole('region', { name: uiText('fr', 'auth.mfa.heading') });
  await expect(step).toBeVisible();
  await expect(header.accountButton).toHaveCount(0);
  await step.getByLabel(uiText('fr', 'auth.mfa.code')).fill(await unusedTotpCode(secret));
  await step.getByRole('button', { name: uiText('fr', 'auth.mfa.submit') }).click();
  await expect(header.accountButton).toBeVisible();
  await expect(header.dialog).toBeHidden();

  // Past both factors, the session stays so on reload.
  await page.reload();
  await expect(header.accountButton).toBeVisible();
});
