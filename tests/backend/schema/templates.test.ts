import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../../../local-supabase/mailbox/go-template.ts';
import { supabaseDir } from '../helpers/template.ts';

const locales = ['en', 'de', 'fr', 'ar'] as const;

/** Each e-mail type with the `type` its link hands to verifyOtp and where the person lands next. */
const templates = {
  confirmation: { type: 'email', next: 'account/' },
  magic_link: { type: 'email', next: '' },
  recovery: { type: 'recovery', next: 'auth/reset-password/' },
  email_change: { type: 'email_change', next: 'account/' },
} as const;

/** The variables hosted Supabase hands to auth e-mail templates. */
const supabaseVariables = new Set([
  '.ConfirmationURL',
  '.Token',
  '.TokenHash',
  '.SiteURL',
  '.RedirectTo',
  '.Email',
  '.NewEmail',
  '.Data.locale',
]);

const data = (locale: string | undefined) => ({
  SiteURL: 'http://localhost:4321',
  Token: '123456',
  TokenHash: 'hash-abc',
  Email: 'reader@example.com',
  NewEmail: 'new@example.com',
  RedirectTo: 'http://localhost:4321/en/',
  ConfirmationURL: 'http://127.0.0.1:54321/auth/v1/verify?token=hash-abc',
  Data: locale ? { locale } : {},
});

const read = (name: string) => readFile(join(supabaseDir, 'templates', `${name}.html`), 'utf8');

describe.each(Object.entries(templates))('the %s e-mail', (name, { type, next }) => {
  it('uses only the variables and the if/else-if/else branches Supabase supports', async () => {
    const source = await read(name);
    const actions = [...source.matchAll(/\{\{\s*(.*?)\s*\}\}/g)].map((m) => m[1] ?? '');
    for (const action of actions) {
      const branch = /^(?:else )?if eq \.Data\.locale "(\w+)"$/.exec(action);
      if (branch) continue;
      if (action === 'else' || action === 'end') continue;
      expect(supabaseVariables, action).toContain(action);
    }
  });

  it.each(locales)(
    'in %s links to the confirm page of that locale, by token hash',
    async (locale) => {
      const html = renderTemplate(await read(name), data(locale), { html: true });
      const dir = locale === 'ar' ? 'rtl' : 'ltr';
      expect(html).toContain(`<html lang="${locale}" dir="${dir}">`);
      expect(html.match(/<html /g)).toHaveLength(1);
      expect(html).toContain(
        `href="http://localhost:4321/${locale}/auth/confirm/?token_hash=hash-abc&amp;type=${type}&amp;next=/${locale}/${next}"`,
      );
      expect(html).toContain('reader@example.com');
      expect(html).not.toContain('{{');
      // Both carry the 6-digit code: GoTrue sends the confirmation e-mail to a new user who asks for a code.
      if (name === 'magic_link' || name === 'confirmation') expect(html).toContain('>123456<');
      if (name === 'email_change') expect(html).toContain('new@example.com');
    },
  );

  it('falls back to English when the user has no locale', async () => {
    const html = renderTemplate(await read(name), data(undefined), { html: true });
    expect(html).toContain('<html lang="en" dir="ltr">');
  });
});
