// axe on the account page in every locale, light and dark: signed out, and signed in with a
// bookmark listed, an error on screen and the header's account menu open.
import { AccountPage, freshMember, memberPassword } from './support/account.ts';
import { contextWithSession, nodeClient } from './support/community.ts';
import { findAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { backendAvailable } from './support/members.ts';
import { locales } from './support/site-data.ts';

test.skip(!backendAvailable, 'needs the local backend the Playwright config starts');

for (const locale of locales) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the signed-out account page has no axe violations in ${locale} (${colorScheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      const account = new AccountPage(page, locale);
      await account.open();
      await expect(account.main.getByText(account.text('account.signedOut'))).toBeVisible();
      expect(await findAccessibilityViolations(page)).toEqual([]);
    });

    test(`a member's account page has no axe violations in ${locale} (${colorScheme})`, async ({
      browser,
      data,
    }) => {
      const member = await freshMember('Axe Reader', locale);
      const client = await nodeClient();
      const { data: signIn } = await client.auth.signInWithPassword({
        email: member.email,
        password: memberPassword,
      });
      const bookmarked = data.routes.find(
        (route) => route.kind === 'article' && route.locale === locale,
      );
      if (bookmarked?.kind === 'article') {
        await client.from('bookmarks').insert({ article_key: bookmarked.article.key });
      }
      const context = await contextWithSession(browser, signIn.session);
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme });
      const account = new AccountPage(page, locale);
      await account.open();
      await account.field('account.profile.heading', 'account.displayName').fill('');
      await account.button('account.profile.heading', 'account.profile.save').click();
      await expect(account.alert('account.profile.heading')).toBeVisible();
      // The bookmarked article, listed (the reading list's link follows the list).
      await expect(
        account.section('account.bookmarks.heading').getByRole('listitem').getByRole('link'),
      ).toHaveCount(1);
      // The header's account menu open, with its entries (the reading list among them).
      await page.locator('header .avatar-button').click();
      await expect(
        page.locator('header').getByRole('link', { name: account.text('header.readingList') }),
      ).toHaveAttribute('href', `/${locale}/reading-list/`);
      expect(await findAccessibilityViolations(page)).toEqual([]);
      await context.close();
    });
  }
}
