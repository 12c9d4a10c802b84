// @vitest-environment jsdom
// The sign-in dialog as the header shows it, with a real auth client talking to the real local
// backend (which registers the newsroom's identity provider): the address first, then the way in
// the address leads to; focus, errors in the page's language chosen by their code, and nothing
// typed lost.
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

const demoPassword = 'polyglot-demo-2026';

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
  vi.restoreAllMocks();
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
  const rest = Promise.resolve(
    new PostgrestClient(`${url}/rest/v1`, { headers: { apikey: server.anonKey } }),
  );
  const loadRest = () => rest;
  render(
    <StringsProvider strings={islandStrings(locale, headerKeys)}>
      <SessionProvider auth={auth}>
        <Header
          auth={auth}
          loadRest={loadRest}
          locale={locale}
          paths={{
            account: `/${locale}/account/`,
            readingList: `/${locale}/reading-list/`,
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

function button(dialog: HTMLElement, locale: Locale, key: string): HTMLElement {
  return within(dialog).getByRole('button', { name: text(locale, key) });
}

/** Opens the dialog, gives the address and continues to the step it leads to. */
async function continueWith(locale: Locale, email: string) {
  const user = userEvent.setup();
  const dialog = await openDialog(locale);
  await user.type(field(dialog, locale, 'auth.field.email'), email);
  await user.click(button(dialog, locale, 'auth.continue'));
  return { user, dialog };
}

/** The password step, once it is there: its field holds the focus. */
async function passwordStep(dialog: HTMLElement, locale: Locale): Promise<HTMLInputElement> {
  const password = await within(dialog).findByLabelText<HTMLInputElement>(
    text(locale, 'auth.field.password'),
    { selector: 'input' },
  );
  await vi.waitFor(() => {
    expect(document.activeElement).toBe(password);
  });
  return password;
}

/** What a step offers: its fields' labels and its buttons' names. */
function stepShape(dialog: HTMLElement): string[] {
  return [
    ...within(dialog)
      .getAllByRole('textbox')
      .map((input) => input.getAttribute('name') ?? ''),
    ...[...dialog.querySelectorAll('input[type=password]')].map(() => 'password'),
    ...within(dialog)
      .getAllByRole('button')
      .map((each) => each.textContent),
  ];
}

describe('sign-in dialog: the address first', () => {
  it('opens on the address, a username field the passkey autofill and password managers know, and closing returns focus to Sign in', async () => {
    const { user } = renderHeader('en');
    const dialog = await openDialog('en');
    const email = field(dialog, 'en', 'auth.field.email');
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('autocomplete')).toBe('username webauthn');
    // One field and Continue: no password yet, no second address field.
    expect(within(dialog).getAllByRole('textbox')).toEqual([email]);
    expect(dialog.querySelector('input[type=password]')).toBeNull();
    expect(button(dialog, 'en', 'auth.continue')).toBeTruthy();
    await user.click(button(dialog, 'en', 'auth.dialog.close'));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: text('en', 'header.signIn') }),
    );
  });

  it('explains a malformed address in French before sending anything, keeping it', async () => {
    renderHeader('fr');
    const { dialog } = await continueWith('fr', 'pas-une-adresse');
    expect(within(dialog).getByRole('alert').textContent).toBe(text('fr', 'errors.invalidEmail'));
    expect(field(dialog, 'fr', 'auth.field.email').value).toBe('pas-une-adresse');
    expect(dialog.querySelector('input[type=password]')).toBeNull();
  });

  it('leads a known and an unknown address to the same password step (nothing tells which exists)', async () => {
    renderHeader('en');
    let { dialog } = await continueWith('en', 'member@example.com');
    await passwordStep(dialog, 'en');
    const known = stepShape(dialog);
    cleanup();
    renderHeader('en');
    ({ dialog } = await continueWith('en', 'nobody-here-7f3a@example.com'));
    await passwordStep(dialog, 'en');
    expect(stepShape(dialog)).toEqual(known);
    expect(known).toEqual(
      expect.arrayContaining([
        text('en', 'auth.password.submit'),
        text('en', 'auth.email.instead'),
        text('en', 'auth.forgot.start'),
        text('en', 'auth.signUp.start'),
      ]),
    );
  });

  for (const locale of ['en', 'de', 'fr', 'ar'] as const) {
    it(`a wrong password is announced in ${locale}; the address stays visible and editable, nothing typed is lost`, async () => {
      renderHeader(locale);
      const { user, dialog } = await continueWith(locale, 'member@example.com');
      const password = await passwordStep(dialog, locale);
      const email = field(dialog, locale, 'auth.field.email');
      expect(email.value).toBe('member@example.com');
      expect(email.readOnly).toBe(false);
      expect(email.getAttribute('autocomplete')).toBe('username');
      expect(password.getAttribute('autocomplete')).toBe('current-password');
      await user.type(password, 'not the password');
      await user.click(button(dialog, locale, 'auth.password.submit'));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        text(locale, 'errors.invalidCredentials'),
      );
      expect(email.value).toBe('member@example.com');
      expect(password.value).toBe('not the password');
    });
  }

  it('signs in with the password after correcting the address on the password step', async () => {
    const { auth } = renderHeader('en');
    const { user, dialog } = await continueWith('en', 'membre@example.com');
    const password = await passwordStep(dialog, 'en');
    const email = field(dialog, 'en', 'auth.field.email');
    await user.clear(email);
    await user.type(email, 'member@example.com');
    await user.type(password, demoPassword);
    await user.click(button(dialog, 'en', 'auth.password.submit'));
    await vi.waitFor(async () => {
      expect((await auth.getSession()).data.session?.user.email).toBe('member@example.com');
    });
    expect(await screen.findByRole('button', { name: /member@example\.com/ })).toBeTruthy();
  });

  it('Back returns to the address, focus on it and the address kept', async () => {
    renderHeader('de');
    const { user, dialog } = await continueWith('de', 'member@example.com');
    const password = await passwordStep(dialog, 'de');
    await user.type(password, 'halb getippt');
    await user.click(button(dialog, 'de', 'auth.back'));
    const email = field(dialog, 'de', 'auth.field.email');
    expect(email.value).toBe('member@example.com');
    expect(document.activeElement).toBe(email);
    expect(dialog.querySelector('input[type=password]')).toBeNull();
  });

  it('keeps the step and what was typed when it is closed and opened again', async () => {
    renderHeader('en');
    const { user, dialog } = await continueWith('en', 'half-done@example.com');
    await user.type(await passwordStep(dialog, 'en'), 'a good long password');
    await user.click(button(dialog, 'en', 'auth.dialog.close'));
    const again = await openDialog('en');
    expect(field(again, 'en', 'auth.field.email').value).toBe('half-done@example.com');
    expect(field(again, 'en', 'auth.field.password').value).toBe('a good long password');
    expect(document.activeElement).toBe(field(again, 'en', 'auth.field.password'));
  });

  it('refuses a too-short new password in Arabic with the rule, keeping it for correction', async () => {
    renderHeader('ar');
    const { user, dialog } = await continueWith('ar', 'new-reader@example.com');
    await passwordStep(dialog, 'ar');
    await user.click(button(dialog, 'ar', 'auth.signUp.start'));
    const password = field(dialog, 'ar', 'auth.field.password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(document.activeElement).toBe(password);
    await user.type(password, 'short');
    await user.click(button(dialog, 'ar', 'auth.signUp.submit'));
    expect(within(dialog).getByRole('alert').textContent).toBe(text('ar', 'errors.weakPassword'));
    expect(password.value).toBe('short');
    expect(field(dialog, 'ar', 'auth.field.email').value).toBe('new-reader@example.com');
    // The rule is on the field itself, before any error.
    expect(password.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('says "offline" in German when the server cannot be reached, and keeps the address', async () => {
    // Port 9 (discard) on loopback: nothing listens, so the request fails as it does offline.
    renderHeader('de', 'http://127.0.0.1:9');
    const { dialog } = await continueWith('de', 'member@example.com');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      text('de', 'errors.offline'),
    );
    expect(field(dialog, 'de', 'auth.field.email').value).toBe('member@example.com');
  });

  it('asks for the e-mail code once it is sent instead of a password, and explains a malformed code without losing it', async () => {
    renderHeader('en');
    const { user, dialog } = await continueWith('en', 'member@example.com');
    await passwordStep(dialog, 'en');
    await user.click(button(dialog, 'en', 'auth.email.instead'));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      text('en', 'auth.email.sent', { email: 'member@example.com' }),
    );
    const code = field(dialog, 'en', 'auth.field.code');
    expect(document.activeElement).toBe(code);
    await user.type(code, '12a45');
    await user.click(button(dialog, 'en', 'auth.code.submit'));
    expect(within(dialog).getByRole('alert').textContent).toBe(text('en', 'errors.codeFormat'));
    expect(code.value).toBe('12a45');
  });

  it('signs in with the code from the e-mail and closes', async () => {
    const { auth } = renderHeader('en');
    const { user, dialog } = await continueWith('en', 'second@example.com');
    await passwordStep(dialog, 'en');
    await user.click(button(dialog, 'en', 'auth.email.instead'));
    await within(dialog).findByRole('status');
    const [mail] = await server.messages('second@example.com');
    const code = />\s*(\d{6})\s*</.exec(mail?.html ?? '')?.[1] ?? '';
    await user.type(field(dialog, 'en', 'auth.field.code'), code);
    await user.click(button(dialog, 'en', 'auth.code.submit'));
    await vi.waitFor(async () => {
      expect((await auth.getSession()).data.session?.user.email).toBe('second@example.com');
    });
    expect(await screen.findByRole('button', { name: /second@example\.com/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a reset link from the password step, saying so without telling whether the account exists', async () => {
    renderHeader('fr');
    const { user, dialog } = await continueWith('fr', 'personne-9c1@example.com');
    await passwordStep(dialog, 'fr');
    await user.click(button(dialog, 'fr', 'auth.forgot.start'));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      text('fr', 'auth.forgot.sent', { email: 'personne-9c1@example.com' }),
    );
    // Still the password step: a reader who remembers it can sign in.
    expect(field(dialog, 'fr', 'auth.field.password')).toBeTruthy();
  });
});

describe('sign-in dialog: single sign-on by the address', () => {
  it("an address at the newsroom's domain leaves for its identity provider with a signed request", async () => {
    const assign = vi.fn();
    // jsdom cannot navigate; the page's origin, path and assign() are all the dialog uses.
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      origin: 'http://localhost:4321',
      pathname: '/en/article/x/',
      assign,
    } as unknown as Location);
    renderHeader('en');
    const { dialog } = await continueWith('en', 'editor@newsroom.example');
    await vi.waitFor(() => {
      expect(assign).toHaveBeenCalledOnce();
    });
    const target = new URL(String(assign.mock.calls[0]?.[0]));
    expect(target.pathname).toBe('/sso');
    expect(target.searchParams.get('SAMLRequest')).toBeTruthy();
    expect(target.searchParams.get('Signature')).toBeTruthy();
    // No password step for an organisation's address; the dialog waits for the page to leave.
    expect(dialog.querySelector('input[type=password]')).toBeNull();
    expect(button(dialog, 'en', 'auth.busy')).toBeTruthy();
  });

  for (const locale of ['de', 'ar'] as const) {
    it(`a domain without single sign-on goes to the password step in ${locale}, without an error`, async () => {
      renderHeader(locale);
      const { dialog } = await continueWith(locale, 'leserin@example.com');
      await passwordStep(dialog, locale);
      expect(within(dialog).queryByRole('alert')).toBeNull();
      expect(field(dialog, locale, 'auth.field.email').value).toBe('leserin@example.com');
    });
  }
});
