// @vitest-environment jsdom
// "Sign in with your organisation" in the sign-in dialog, with a real auth client and the real local
// backend (which registers the newsroom's identity provider): a domain without single sign-on is said
// so in the page's language with the address kept; the newsroom's domain leaves for its sign-in page.
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

vi.mock('../../../src/islands/header/dialog-strings', () => ({
  loadDialogStrings: (locale: Locale) => Promise.resolve(islandStrings(locale, dialogKeys)),
}));

let server: Backend;
configure({ asyncUtilTimeout: 15_000 });

beforeAll(async () => {
  server = await startBackend();
  vi.stubEnv('PUBLIC_SUPABASE_URL', server.url);
  vi.stubEnv('PUBLIC_SUPABASE_ANON_KEY', server.anonKey);
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
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

function text(locale: Locale, key: string, values: Record<string, string> = {}): string {
  const stored = uiStrings[locale][key];
  if (stored === undefined) throw new Error(`No string ${key}`);
  return stored.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, name: string) => values[name] ?? '');
}

async function openDialog(locale: Locale) {
  const auth = createAuthClient(
    { url: server.url, anonKey: server.anonKey, storageKey: 'sb-test-auth-token' },
    memoryStorage(),
  );
  const rest = new PostgrestClient(`${server.url}/rest/v1`, {
    headers: { apikey: server.anonKey },
  });
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
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: text(locale, 'header.signIn') }));
  const dialog = await screen.findByRole('dialog', { name: text(locale, 'header.signIn') });
  const work = within(dialog).getByLabelText<HTMLInputElement>(text(locale, 'auth.sso.field'), {
    selector: 'input',
  });
  const submit = within(dialog).getByRole('button', { name: text(locale, 'auth.sso.submit') });
  return { user, dialog, work, submit };
}

describe('sign in with your organisation', () => {
  for (const locale of ['de', 'ar'] as const) {
    it(`says in ${locale} that a domain has no single sign-on, keeping the address`, async () => {
      const { user, dialog, work, submit } = await openDialog(locale);
      await user.type(work, 'leserin@example.com');
      await user.click(submit);
      const alert = await within(dialog).findByRole('alert');
      expect(alert.textContent).toBe(
        text(locale, 'auth.sso.noProvider', { domain: 'example.com' }),
      );
      expect(work.value).toBe('leserin@example.com');
    });
  }

  it('asks for a valid address before asking the server', async () => {
    const { user, dialog, work, submit } = await openDialog('fr');
    await user.type(work, 'not-an-address');
    await user.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      text('fr', 'errors.invalidEmail'),
    );
  });

  it("leaves for the newsroom's identity provider with a signed request", async () => {
    const assign = vi.fn();
    // jsdom cannot navigate; the page's origin, path and assign() are all the way uses.
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      origin: 'http://localhost:4321',
      pathname: '/en/article/x/',
      assign,
    } as unknown as Location);
    const { user, work, submit } = await openDialog('en');
    await user.type(work, 'editor@newsroom.example');
    await user.click(submit);
    await vi.waitFor(() => {
      expect(assign).toHaveBeenCalledOnce();
    });
    const target = new URL(String(assign.mock.calls[0]?.[0]));
    expect(target.pathname).toBe('/sso');
    expect(target.searchParams.get('SAMLRequest')).toBeTruthy();
    expect(target.searchParams.get('Signature')).toBeTruthy();
  });
});
