// Members' test helpers: the header island as a page object, and the e2e backend's mailbox.
import { expect, type Locator, type Page } from '@playwright/test';
import type { Locale } from '../../../src/i18n/locales.ts';
import { uiText } from './ui-strings.ts';

export const demoPassword = 'polyglot-demo-2026';

/** The e2e backend runs only for a local build; against a deployment these tests are skipped. */
export const backendAvailable = process.env['E2E_BASE_URL'] === undefined;

export class MemberHeader {
  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {}

  get signInButton(): Locator {
    return this.page.locator('header').getByRole('button', {
      name: uiText(this.locale, 'header.signIn'),
      exact: true,
    });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  get accountButton(): Locator {
    return this.page.locator('header .avatar-button');
  }

  field(key: string): Locator {
    return this.dialog
      .getByLabel(uiText(this.locale, key), { exact: true })
      .and(this.dialog.locator('input'));
  }

  /** A button of the dialog by its string's key (`values` fill its `{{variables}}`). */
  button(key: string, values: Record<string, string> = {}): Locator {
    return this.dialog.getByRole('button', {
      name: uiText(this.locale, key, values),
      exact: true,
    });
  }

  /** In the open dialog's first step: the address, then Continue. */
  async continueWith(email: string): Promise<void> {
    await this.field('auth.field.email').fill(email);
    await this.button('auth.continue').click();
  }

  /** Opens the dialog and gives the address; an address without single sign-on is asked for its password. */
  async toPasswordStep(email: string): Promise<void> {
    await this.openDialog();
    await this.continueWith(email);
    await expect(this.field('auth.field.password')).toBeFocused();
  }

  async openDialog(): Promise<void> {
    await this.signInButton.click();
    await expect(this.dialog).toBeVisible();
  }

  async signInWithPassword(email: string, password: string): Promise<void> {
    await this.toPasswordStep(email);
    await this.field('auth.field.password').fill(password);
    await this.button('auth.password.submit').click();
  }

  async signOut(): Promise<void> {
    await this.accountButton.click();
    await this.page
      .locator('header')
      .getByRole('button', { name: uiText(this.locale, 'header.signOut') })
      .click();
  }
}
