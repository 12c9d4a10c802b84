// @vitest-environment jsdom
// The sign-in dialog as the header shows it, with a real auth client talking to the real local
// backend: focus, errors in the page's language chosen by their code, and nothing typed lost.
import { PostgrestClient } from '@supabase/postgrest-js';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { islandStrings } from '../../../src/i18n/island-strings';
import type { Locale } from '../../../src/i18n/locales';
import { uiStrings } from '../../../src/i18n/translator';
import { Header } from '../../../src/islands/header/Header';
import { dialogKeys, headerKeys } from '../../../src/islands/header/strings';
import { createAuthClient } from '../../../src/islands/shared/client';
import { SessionProvider } from '../../../src/islands/shared/SessionProvider';
import { StringsProvider } from '../../../src/islands/shared/strings';
import { startBackend, type Backend } from '../helpers/backend';
import { memoryStorage } from '../helpers/memory-storage';

// The build serves the dialog's strings as a chunk per locale (src/i18n/lazy-strings-plugin.ts);
// here they come straight from the same build-time function.
vi.mock('../../../src/islands/header/dialog-strings', () => ({
  loadDialogStrings: (locale: Locale) => Promise.resolve(islandStrings(locale, dialogKeys)),
}));

let server: Backend;
// Answers come from a real backend on a shared 2-core machine: wait for them as long as it takes.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(async () => {
  server = await startBackend();
  // The dialog asks the configured project which outside sign-in services are on (none locally).
  vi.stubEnv('PUBLIC_SUPABASE_URL', server.url);
  vi.stubEnv('PUBLIC_SUPABASE_ANON_KEY', server.anonKey);
  // jsdom has no modal dialogs: open and close as the attribute and event browsers produce. The
  // browser's own focus trap and Esc are covered by the Playwright tests.
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.stop();
});
afterEach(() => {
  cleanup();
  document.documentElement.dir = 'ltr';
});

/** The page's UI string, as a reader of `locale` sees it. */
function text(locale: Locale, key: string, values: Record<string, string> = {}): string {
  const stored = uiStrings[locale][key];
  if (stored === undefined) throw new Error(`No string ${key}`);
  return stored.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** The header of a page in `locale`, signed out, with an auth client of `url` (the backend's by default). */
function renderHeader(locale: Locale, url = server.url) {
  const auth = createAuthClient(
    { url, anonKey: server.anonKey, storageKey: 'sb-test-auth-token' },
    memoryStorage(),
  );
  const rest = new PostgrestClient(`${url}/rest/v1`, { headers: { apikey: server.anonKey } });
  render(
    <StringsProvider strings={islandStrings(locale, headerKeys)}>
      <SessionProvider auth={auth}>
        <Header
          auth={auth}
          rest={rest}
          locale={locale}
          paths={{
            account: `/${locale}/account/`,
            moderation: `/${locale}/moderation/`,
            confirm: `/${locale}/auth/confirm/`,
            resetPassword: `/${locale}/auth/reset-password/`,
            locales: { en: '/en/', de: '/de/', fr: '/fr/', ar: '/ar/' },
          }}
        />
      </SessionProvider>
    </StringsProvider>,
  );
  return { user: userEvent.setup(), auth };
}

async function openDialog(locale: Locale) {
  await userEvent.click(await screen.findByRole('button', { name: text(locale, 'header.signIn') }));
  return screen.findByRole('dialog', { name: text(locale, 'header.signIn') });
}

function field(dialog: HTMLElement, locale: Locale, key: string): HTMLInputElement {
  return within(dialog).getByLabelText(text(locale, key), { selector: 'input' });
}

describe('sign-in dialog', () => {
  it('opens from Sign in, and closing it returns focus to Sign in', async () => {
    const { user } = renderHeader('en');
    const dialog = await openDialog('en');
    await user.click(within(dialog).getByRole('button', { name: text('en', 'auth.dialog.close') }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: text('en', 'header.signIn') }),
    );
  });

  it('moves between tabs with the arrow keys, Home and End, focus following the tab', async () => {
    const { user } = renderHeader('en');
    const dialog = await openDialog('en');
    const tab = (key: string) => within(dialog).getByRole('tab', { name: text('en', key) });
    tab('auth.tabs.password').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('auth.tabs.signUp'));
    expect(tab('auth.tabs.signUp').getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('auth.tabs.forgot'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('auth.tabs.password'));
    await user.keyboard('{Home}{ArrowLeft}');
    expect(document.activeElement).toBe(tab('auth.tabs.forgot'));
  });

  it('in a right-to-left page the arrow keys follow the visual order', async () => {
    document.documentElement.dir = 'rtl';
    const { user } = renderHeader('ar');
    const dialog = await openDialog('ar');
    const tab = (key: string) => within(dialog).getByRole('tab', { name: text('ar', key) });
    tab('auth.tabs.password').focus();
    // The first tab is on the right: ArrowLeft goes to the second.
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('auth.tabs.signUp'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('auth.tabs.password'));
  });

  for (const locale of ['en', 'de', 'fr', 'ar'] as const) {
    it(`a wrong password is announced in ${locale}, and both fields keep what was typed`, async () => {
      const { user } = renderHeader(locale);
      const dialog = await openDialog(locale);
      await user.type(field(dialog, locale, 'auth.field.email'), 'member@example.com');
      await user.type(field(dialog, locale, 'auth.field.password'), 'not the password');
      await user.click(
        within(dialog).getByRole('button', { name: text(locale, 'auth.password.submit') }),
      );
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        text(locale, 'errors.invalidCredentials'),
      );
      expect(field(dialog, locale, 'auth.field.email').value).toBe('member@example.com');
      expect(field(dialog, locale, 'auth.field.password').value).toBe('not the password');
    });
  }

  it('explains a malformed address in French before sending anything', async () => {
    const { user } = renderHeader('fr');
    const dialog = await openDialog('fr');
    await user.type(field(dialog, 'fr', 'auth.field.email'), 'pas-une-adresse');
    await user.type(field(dialog, 'fr', 'auth.field.password'), 'whatever');
    await user.click(
      within(dialog).getByRole('button', { name: text('fr', 'auth.password.submit') }),
    );
    expect(within(dialog).getByRole('alert').textContent).toBe(text('fr', 'errors.invalidEmail'));
    expect(field(dialog, 'fr', 'auth.field.email').value).toBe('pas-une-adresse');
  });

  it('refuses a too-short new password in Arabic with the rule, keeping it for correction', async () => {
    const { user } = renderHeader('ar');
    const dialog = await openDialog('ar');
    await user.click(within(dialog).getByRole('tab', { name: text('ar', 'auth.tabs.signUp') }));
    await user.type(field(dialog, 'ar', 'auth.field.email'), 'new-reader@example.com');
    await user.type(field(dialog, 'ar', 'auth.field.password'), 'short');
    await user.click(
      within(dialog).getByRole('button', { name: text('ar', 'auth.signUp.submit') }),
    );
    expect(within(dialog).getByRole('alert').textContent).toBe(text('ar', 'errors.weakPassword'));
    expect(field(dialog, 'ar', 'auth.field.password').value).toBe('short');
    // The rule is on the field itself, before any error.
    expect(
      field(dialog, 'ar', 'auth.field.password').getAttribute('aria-describedby'),
    ).toBeTruthy();
  });

  it('says "offline" in German when the server cannot be reached, and keeps everything typed', async () => {
    // Port 9 (discard) on loopback: nothing listens, so the request fails as it does offline.
    const { user } = renderHeader('de', 'http://127.0.0.1:9');
    const dialog = await openDialog('de');
    await user.type(field(dialog, 'de', 'auth.field.email'), 'member@example.com');
    await user.type(field(dialog, 'de', 'auth.field.password'), 'polyglot-demo-2026');
    await user.click(
      within(dialog).getByRole('button', { name: text('de', 'auth.password.submit') }),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      text('de', 'errors.offline'),
    );
    expect(field(dialog, 'de', 'auth.field.email').value).toBe('member@example.com');
    expect(field(dialog, 'de', 'auth.field.password').value).toBe('polyglot-demo-2026');
  });

  it('keeps what was typed when it is closed and opened again', async () => {
    const { user } = renderHeader('en');
    let dialog = await openDialog('en');
    await user.click(within(dialog).getByRole('tab', { name: text('en', 'auth.tabs.signUp') }));
    await user.type(field(dialog, 'en', 'auth.field.email'), 'half-done@example.com');
    await user.type(field(dialog, 'en', 'auth.field.password'), 'a good long password');
    await user.click(within(dialog).getByRole('button', { name: text('en', 'auth.dialog.close') }));
    dialog = await openDialog('en');
    expect(within(dialog).getByRole('tab', { selected: true }).textContent).toBe(
      text('en', 'auth.tabs.signUp'),
    );
    expect(field(dialog, 'en', 'auth.field.email').value).toBe('half-done@example.com');
    expect(field(dialog, 'en', 'auth.field.password').value).toBe('a good long password');
  });

  it('asks for the e-mail code once it is sent, and explains a malformed code without losing it', async () => {
    const { user } = renderHeader('en');
    const dialog = await openDialog('en');
    await user.click(within(dialog).getByRole('tab', { name: text('en', 'auth.tabs.email') }));
    await user.type(field(dialog, 'en', 'auth.field.email'), 'member@example.com');
    await user.click(within(dialog).getByRole('button', { name: text('en', 'auth.email.submit') }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      text('en', 'auth.email.sent', { email: 'member@example.com' }),
    );
    await user.type(field(dialog, 'en', 'auth.field.code'), '12a45');
    await user.click(within(dialog).getByRole('button', { name: text('en', 'auth.code.submit') }));
    expect(within(dialog).getByRole('alert').textContent).toBe(text('en', 'errors.codeFormat'));
    expect(field(dialog, 'en', 'auth.field.code').value).toBe('12a45');
  });

  it('signs in with the code from the e-mail and closes', async () => {
    const { user, auth } = renderHeader('en');
    const dialog = await openDialog('en');
    await user.click(within(dialog).getByRole('tab', { name: text('en', 'auth.tabs.email') }));
    await user.type(field(dialog, 'en', 'auth.field.email'), 'second@example.com');
    await user.click(within(dialog).getByRole('button', { name: text('en', 'auth.email.submit') }));
    await within(dialog).findByRole('status');
    const [mail] = await server.messages('second@example.com');
    const code = />\s*(\d{6})\s*</.exec(mail?.html ?? '')?.[1] ?? '';
    await user.type(field(dialog, 'en', 'auth.field.code'), code);
    await user.click(within(dialog).getByRole('button', { name: text('en', 'auth.code.submit') }));
    await vi.waitFor(
      async () => {
        expect((await auth.getSession()).data.session?.user.email).toBe('second@example.com');
      },
      { timeout: 15_000 },
    );
    expect(await screen.findByRole('button', { name: /second@example\.com/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
