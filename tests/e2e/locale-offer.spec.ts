// The header's offer to continue in the member's own language shows on a page in another language;
// the account menu opened next to it stays usable (it drew under the offer once), and the offer is
// usable again once the menu closes. Left to right and right to left, on a desktop and a phone.
import { freshMember, memberPassword } from './support/account.ts';
import { contextWithSession, nodeClient } from './support/community.ts';
import { expect, test } from './support/fixtures.ts';
import { backendAvailable, MemberHeader } from './support/members.ts';
import { aRoute } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

test.skip(!backendAvailable, 'needs the local backend the Playwright config starts');

const cases = [
  { page: 'en', viewport: { width: 1280, height: 800 }, device: 'a desktop' },
  { page: 'ar', viewport: { width: 390, height: 844 }, device: 'a phone' },
  { page: 'fr', viewport: { width: 390, height: 844 }, device: 'a phone' },
  { page: 'ar', viewport: { width: 1280, height: 800 }, device: 'a desktop' },
] as const;

for (const { page: locale, viewport, device } of cases) {
  test(`on ${device}, a ${locale} page's account menu opens over the language offer and works`, async ({
    browser,
    data,
  }) => {
    // The member reads German: every page in another language offers to continue in German.
    const member = await freshMember('Offer Olga', 'de');
    const client = await nodeClient();
    const { data: signedIn, error } = await client.auth.signInWithPassword({
      email: member.email,
      password: memberPassword,
    });
    if (error) throw error;
    const context = await contextWithSession(browser, signedIn.session);
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(aRoute(data, 'home', locale).path);

    const offer = page.locator('header').getByRole('status');
    await expect(offer).toContainText(
      uiText(locale, 'header.localeOffer', { language: 'Deutsch' }),
    );
    const header = new MemberHeader(page, locale);
    await header.accountButton.click();
    // A click lands only where the link is on top: covered by the offer, it would fail.
    await page
      .locator('header')
      .getByRole('link', { name: uiText(locale, 'header.account'), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${aRoute(data, 'account', locale).path}$`));

    // Back on the page with the menu closed, the offer's own buttons work as before.
    await page.goBack();
    await header.accountButton.click();
    await page.keyboard.press('Escape');
    await offer.getByRole('button', { name: uiText(locale, 'header.dismiss') }).click();
    await expect(offer).toHaveCount(0);
    await context.close();
  });
}
