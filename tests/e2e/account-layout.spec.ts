// The account page as a settings page: a short list of its sections that leads to each, beside a
// readable column on a wide window (mirrored in Arabic), above one column on a phone, with fields
// as wide as what they take rather than the whole column.
import type { Browser } from '@playwright/test';
import { AccountPage, freshMember, memberPassword } from './support/account.ts';
import { contextWithSession, nodeClient } from './support/community.ts';
import { expect, test } from './support/fixtures.ts';
import { backendAvailable } from './support/members.ts';

test.skip(!backendAvailable, 'needs the local backend the Playwright config starts');

async function memberPage(browser: Browser, locale: 'en' | 'ar', width: number) {
  const member = await freshMember('Layout Lee', locale);
  const client = await nodeClient();
  const { data, error } = await client.auth.signInWithPassword({
    email: member.email,
    password: memberPassword,
  });
  if (error) throw error;
  const context = await contextWithSession(browser, data.session);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  const account = new AccountPage(page, locale);
  await account.open();
  await expect(account.section('account.delete.heading')).toBeVisible();
  return { account, page, close: () => context.close() };
}

for (const locale of ['en', 'ar'] as const) {
  test(`on a wide window the ${locale} section list stands beside the sections and leads to each`, async ({
    browser,
  }) => {
    const { account, page, close } = await memberPage(browser, locale, 1280);
    const nav = account.main.getByRole('navigation', { name: account.text('account.nav.label') });
    const links = nav.getByRole('link');
    const sections = account.main.locator('section.account-section');
    // One link per section, named as its heading, in page order.
    const headings = await sections.locator('h2').allTextContents();
    expect(headings.length).toBeGreaterThanOrEqual(8);
    expect(await links.allTextContents()).toEqual(headings);

    const navBox = await nav.boundingBox();
    const firstSection = await sections.first().boundingBox();
    if (!navBox || !firstSection) throw new Error('nav or section not laid out');
    // Beside, not above: on the start side (left in English, right in Arabic).
    expect(Math.abs(navBox.y - firstSection.y)).toBeLessThan(40);
    if (locale === 'ar') expect(navBox.x).toBeGreaterThan(firstSection.x + firstSection.width);
    else expect(navBox.x + navBox.width).toBeLessThan(firstSection.x);
    // A readable column, and a field no wider than an e-mail address needs.
    expect(firstSection.width).toBeLessThan(720);
    const name = account.field('account.profile.heading', 'account.displayName');
    const nameBox = await name.boundingBox();
    expect(nameBox?.width ?? 0).toBeLessThan(firstSection.width);

    // The last section's link scrolls it into view, and the list stays in view beside it.
    await links.last().click();
    await expect(page).toHaveURL(/#delete$/);
    await expect(account.section('account.delete.heading')).toBeInViewport();
    await expect(nav).toBeInViewport();
    await close();
  });
}

test('on a phone the section list comes first and the sections follow in one column', async ({
  browser,
}) => {
  const { account, close } = await memberPage(browser, 'en', 390);
  const nav = account.main.getByRole('navigation', { name: account.text('account.nav.label') });
  const navBox = await nav.boundingBox();
  const sections = account.main.locator('section.account-section');
  const first = await sections.first().boundingBox();
  const second = await sections.nth(1).boundingBox();
  if (!navBox || !first || !second) throw new Error('not laid out');
  expect(navBox.y + navBox.height).toBeLessThanOrEqual(first.y);
  expect(second.y).toBeGreaterThan(first.y + first.height - 1);
  // Nothing wider than the phone.
  const scrollWidth = await account.page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await close();
});
