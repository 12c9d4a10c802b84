// Reply e-mails in the browser: the account page's Notifications switch (saved when flipped, kept
// after a reload) and the unsubscribe page an e-mail links to, which changes nothing until its
// button is pressed and then says so in the page's language.
import { createClient } from '@supabase/supabase-js';
import { DEMO_SERVICE_ROLE_KEY } from '../../local-supabase/config/defaults.ts';
import { AccountPage, freshMember, memberPassword } from './support/account.ts';
import { contextWithSession, nodeClient } from './support/community.ts';
import { expect, test } from './support/fixtures.ts';
import { backendAvailable } from './support/members.ts';
import { uiText } from './support/ui-strings.ts';

test.skip(!backendAvailable, 'needs the local backend the Playwright config starts');

function admin() {
  return createClient(
    process.env['E2E_SUPABASE_URL'] ?? '',
    process.env['SERVICE_ROLE_KEY'] ?? DEMO_SERVICE_ROLE_KEY,
    { auth: { persistSession: false, autoRefreshToken: false } },
  );
}

async function signedInAccount(browser: import('@playwright/test').Browser, locale: 'de' | 'fr') {
  const member = await freshMember('Notified Nora', locale);
  const client = await nodeClient();
  const { data, error } = await client.auth.signInWithPassword({
    email: member.email,
    password: memberPassword,
  });
  if (error) throw error;
  const context = await contextWithSession(browser, data.session);
  const page = await context.newPage();
  const account = new AccountPage(page, locale);
  return { member, page, account, close: () => context.close() };
}

test('the Notifications switch is on, turns off and stays off after a reload (German)', async ({
  browser,
}) => {
  const { account, page, close } = await signedInAccount(browser, 'de');
  await account.open();
  const toggle = account.field('account.notifications.heading', 'account.notifications.replies');
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeEnabled();
  await toggle.uncheck();
  await expect(account.section('account.notifications.heading').getByRole('status')).toHaveText(
    account.text('account.saved'),
  );
  await page.reload();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  await close();
});

test('the unsubscribe link stops reply e-mails after its button, in French, without signing in', async ({
  browser,
  page,
}) => {
  const { member, account, close } = await signedInAccount(browser, 'fr');
  await admin().from('notification_preferences').insert({ user_id: member.id });
  const { data } = await admin()
    .from('notification_preferences')
    .select('unsubscribe_token')
    .eq('user_id', member.id)
    .single<{ unsubscribe_token: string }>();
  await page.goto(`/fr/unsubscribe/?token=${data?.unsubscribe_token ?? ''}`);
  await expect(
    page.getByText(uiText('fr', 'account.notifications.unsubscribe.explain')),
  ).toBeVisible();
  // Opening the link changed nothing.
  await account.open();
  const toggle = account.field('account.notifications.heading', 'account.notifications.replies');
  await expect(toggle).toBeChecked();

  await page
    .getByRole('button', { name: uiText('fr', 'account.notifications.unsubscribe.submit') })
    .click();
  await expect(page.getByRole('status')).toHaveText(
    uiText('fr', 'account.notifications.unsubscribe.done'),
  );
  await account.page.reload();
  await expect(toggle).not.toBeChecked();
  await close();
});

test('a made-up unsubscribe link says it is not valid', async ({ page }) => {
  await page.goto('/de/unsubscribe/?token=00000000-0000-4000-8000-000000000000');
  await page
    .getByRole('button', { name: uiText('de', 'account.notifications.unsubscribe.submit') })
    .click();
  await expect(page.getByRole('alert')).toHaveText(
    uiText('de', 'account.notifications.unsubscribe.invalid'),
  );
});
