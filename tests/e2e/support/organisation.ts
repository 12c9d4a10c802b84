// Single sign-on in the browser: a work address given in the dialog's first step, and the SAML
// identity provider stand-in the e2e backend starts (its page, and its seam for a person's groups).
import { expect, type Page } from '@playwright/test';
import { STRINGS, type StandInLocale } from '../../../local-supabase/stand-ins/saml/strings.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import { demoPassword, MemberHeader } from './members.ts';

export const NEWSROOM_MODERATOR = 'moderator@newsroom.example';

/** Opens the dialog and continues with a work address: its domain leads to the organisation. */
export async function continueWithOrganisation(page: Page, locale: Locale, email: string) {
  const header = new MemberHeader(page, locale);
  await header.openDialog();
  await header.continueWith(email);
  return header;
}

/**
 * On the stand-in's page (in the browser's language, `locale`): signs in and lets its form post the
 * assertion back. Returns its origin.
 */
export async function signInAtIdentityProvider(
  page: Page,
  email: string,
  locale: StandInLocale = 'en',
): Promise<string> {
  const t = STRINGS[locale];
  await page.waitForURL((url) => url.pathname === '/sso');
  await expect(page.getByRole('note')).toHaveText(t.notice);
  const origin = new URL(page.url()).origin;
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password).fill(demoPassword);
  await page.getByRole('button', { name: t.submit }).click();
  return origin;
}

/** The stand-in's test seam: a person's groups, as the organisation's directory would change them. */
export async function setGroups(origin: string, email: string, groups: string[]) {
  const response = await fetch(`${origin}/people/${email}/groups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ groups }),
  });
  expect(response.status).toBe(200);
}
