// The development OpenID provider's sign-in page (local-supabase/stand-ins/oidc) as a page object:
// its labels are in the language the site asked for (ui_locales).
import { expect, type Page } from '@playwright/test';
import type { Locale } from '../../../src/i18n/locales.ts';

const labels: Record<Locale, { email: string; password: string; submit: string; cancel: string }> =
  {
    en: { email: 'E-mail address', password: 'Password', submit: 'Sign in', cancel: 'Cancel' },
    de: { email: 'E-Mail-Adresse', password: 'Passwort', submit: 'Anmelden', cancel: 'Abbrechen' },
    fr: {
      email: 'Adresse e-mail',
      password: 'Mot de passe',
      submit: 'Se connecter',
      cancel: 'Annuler',
    },
    ar: {
      email: 'عنوان البريد الإلكتروني',
      password: 'كلمة المرور',
      submit: 'تسجيل الدخول',
      cancel: 'إلغاء',
    },
  };

export class ProviderPage {
  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {}

  /** Waits for the provider's form, in the expected language and direction. */
  async expectShown(): Promise<void> {
    await expect(this.page.locator('html')).toHaveAttribute('lang', this.locale);
    await expect(this.page.locator('html')).toHaveAttribute(
      'dir',
      this.locale === 'ar' ? 'rtl' : 'ltr',
    );
    await expect(this.page.getByRole('note')).toBeVisible();
  }

  async signIn(email: string, password = 'polyglot-demo-2026'): Promise<void> {
    await this.expectShown();
    const text = labels[this.locale];
    await this.page.getByLabel(text.email, { exact: true }).fill(email);
    await this.page.getByLabel(text.password, { exact: true }).fill(password);
    await this.page.getByRole('button', { name: text.submit, exact: true }).click();
  }

  async cancel(): Promise<void> {
    await this.expectShown();
    await this.page.getByRole('button', { name: labels[this.locale].cancel, exact: true }).click();
  }
}
