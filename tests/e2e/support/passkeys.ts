// Passkeys in Chromium's virtual authenticator (the DevTools WebAuthn domain), standing in for a
// phone's passkey provider or a USB security key. Passkeys need a host name (browsers refuse an IP
// address as relying party): these pages are opened on localhost, which the e2e backend accepts.
import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '../../../src/i18n/locales.ts';
import { AccountPage } from './account.ts';
import { uiText } from './ui-strings.ts';

export function onLocalhost(path: string): string {
  const base = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1');
  base.hostname = 'localhost';
  return new URL(path, base).toString();
}

/** A platform authenticator with user verification, answering every ceremony at once. */
export async function addVirtualAuthenticator(page: Page, transport: 'internal' | 'usb') {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport,
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Adds a passkey named `name` on the account page of a freshly signed-in member. */
export async function addPasskey(page: Page, name: string, locale: Locale = 'en') {
  await page.goto(onLocalhost(`/${locale}/account/`));
  const account = new AccountPage(page, locale);
  const security = account.section('account.security.heading');
  const passkeys = security.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: uiText(locale, 'account.security.passkeys') }),
  });
  await expect(passkeys.getByText(uiText(locale, 'account.security.none'))).toBeVisible();
  // The passkeys line's "Add…" opens its form: the name, then the browser's own dialog.
  await account.button('account.security.heading', 'account.security.passkey.add').click();
  await account.field('account.security.heading', 'account.security.name').fill(name);
  await account.button('account.security.heading', 'account.security.passkey.create').click();
  await expect(security.getByRole('status')).toHaveText(
    uiText(locale, 'account.security.passkey.done'),
  );
  await expect(passkeys.getByRole('listitem')).toContainText([name]);
}
