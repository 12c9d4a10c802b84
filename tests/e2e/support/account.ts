// The account page as a page object, and fresh members for tests that change or delete their account.
import { createClient } from '@supabase/supabase-js';
import type { Locator, Page } from '@playwright/test';
import { DEMO_SERVICE_ROLE_KEY } from '../../../local-supabase/config/defaults.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import { unusedTotpCode } from '../../backend/helpers/second-factor.ts';
import { uiText } from './ui-strings.ts';

export const memberPassword = 'account-e2e-pass-1';

let created = 0;

/**
 * A new confirmed member of the e2e backend (through the admin API with the local backend's
 * public demo service key), so that changing or deleting them disturbs no other test;
 * `backendUrl` for a test that runs a backend of its own.
 */
export async function freshMember(
  name = 'Fresh Member',
  locale: Locale = 'en',
  backendUrl = process.env['E2E_SUPABASE_URL'],
): Promise<{ id: string; email: string; name: string }> {
  const url = backendUrl;
  if (!url) throw new Error('E2E_SUPABASE_URL is not set (playwright.config.ts sets it)');
  const admin = createClient(url, process.env['SERVICE_ROLE_KEY'] ?? DEMO_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  created += 1;
  const email = `account-${Date.now().toString(36)}-${process.pid}-${created}@example.test`;
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password: memberPassword,
    email_confirm: true,
    user_metadata: { display_name: name, locale },
  });
  if (error) throw error;
  return { id: data.user.id, email, name };
}

/** Adds a verified authenticator app to a member, as the account page does; returns its secret. */
export async function addAuthenticatorApp(email: string): Promise<string> {
  const url = process.env['E2E_SUPABASE_URL'];
  if (!url) throw new Error('E2E_SUPABASE_URL is not set (playwright.config.ts sets it)');
  const client = createClient(
    url,
    process.env['PUBLIC_SUPABASE_ANON_KEY'] ??
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
    { auth: { persistSession: false, autoRefreshToken: false } },
  );
  const signedIn = await client.auth.signInWithPassword({ email, password: memberPassword });
  if (signedIn.error) throw signedIn.error;
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
  if (enrolled.error) throw enrolled.error;
  const { id, totp } = enrolled.data;
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: id,
    code: await unusedTotpCode(totp.secret),
  });
  if (verified.error) throw verified.error;
  return totp.secret;
}

export class AccountPage {
  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {}

  text(key: string, values?: Record<string, string>): string {
    return uiText(this.locale, key, values);
  }

  async open(): Promise<void> {
    await this.page.goto(`/${this.locale}/account/`);
  }

  get main(): Locator {
    return this.page.locator('main');
  }

  section(headingKey: string): Locator {
    return this.main.getByRole('region', { name: this.text(headingKey), exact: true });
  }

  field(sectionKey: string, labelKey: string, values?: Record<string, string>): Locator {
    return this.section(sectionKey).getByLabel(this.text(labelKey, values), { exact: true });
  }

  button(sectionKey: string, key: string): Locator {
    return this.section(sectionKey).getByRole('button', { name: this.text(key), exact: true });
  }

  alert(sectionKey: string): Locator {
    return this.section(sectionKey).getByRole('alert');
  }
}
