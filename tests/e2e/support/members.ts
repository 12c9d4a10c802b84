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
    // The tab panel is labelled by its tab ("Password") too: only inputs are fields.
    return this.dialog
      .getByLabel(uiText(this.locale, key), { exact: true })
      .and(this.dialog.locator('input'));
  }

  async openDialog(): Promise<void> {
    await this.signInButton.click();
    await expect(this.dialog).toBeVisible();
  }

  async signInWithPassword(email: string, password: string): Promise<void> {
    await this.openDialog();
    await this.field('auth.field.email').fill(email);
    await this.field('auth.field.password').fill(password);
    await this.dialog
      .getByRole('button', { name: uiText(this.locale, 'auth.password.submit') })
      .click();
  }

  async signOut(): Promise<void> {
    await this.accountButton.click();
    await this.page
      .locator('header')
      .getByRole('button', { name: uiText(this.locale, 'header.signOut') })
      .click();
  }
}
