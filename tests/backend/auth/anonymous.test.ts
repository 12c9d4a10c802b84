// Anonymous sign-ins (`[auth] enable_anonymous_sign_ins`) through supabase-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMessage, tokenHashFrom, uniqueEmail } from '../helpers/mail.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

function claimsOf(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
}

describe('anonymous sign-ins', () => {
  let on: TestServer;
  let off: TestServer;
  /** Anonymous sign-ins on and mail confirmations off (the project's config has them on). */
  let autoconfirm: TestServer;

  beforeAll(async () => {
    on = await startTestServer({ settings: { auth: { enable_anonymous_sign_ins: true } } });
    off = await startTestServer();
    autoconfirm = await startTestServer({
      settings: {
        auth: { enable_anonymous_sign_ins: true, email: { enable_confirmations: false } },
      },
    });
  });
  afterAll(async () => {
    await on.stop();
    await off.stop();
    await autoconfirm.stop();
  });

  it('signs in without an address: is_anonymous in the user, the token and auth.users', async () => {
    const client = on.client();
    const { data, error } = await client.auth.signInAnonymously({
      options: { data: { locale: 'fr' } },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      is_anonymous: true,
      email: '',
      role: 'authenticated',
      app_metadata: { provider: 'anonymous', providers: ['anonymous'] },
      user_metadata: { locale: 'fr' },
      identities: [],
    });
    const claims = claimsOf(data.session?.access_token ?? '');
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', aal: 'aal1' });
    expect(claims['amr']).toEqual([
      { method: 'anonymous', timestamp: expect.any(Number) as number },
    ]);
    const { rows } = await on.server.db.query<{ is_anonymous: boolean }>(
      'select is_anonymous from auth.users where id = $1',
      [data.user?.id],
    );
    expect(rows).toEqual([{ is_anonymous: true }]);
    expect((await client.auth.getUser()).data.user?.is_anonymous).toBe(true);
  });

  it('refuses when anonymous sign-ins are off (the default)', async () => {
    const { data, error } = await off.client().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    expect(error?.message).toBe('Anonymous sign-ins are disabled');
  });

  it('adds an address at once when confirmations are off: a permanent user with an e-mail identity', async () => {
    const client = autoconfirm.client();
    expect((await client.auth.signInAnonymously()).error).toBeNull();
    const email = uniqueEmail('anon-keeps');
    const { data, error } = await client.auth.updateUser({ email });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, is_anonymous: false });
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.new_email).toBeUndefined();
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email']);
    expect(data.user?.identities?.[0]?.identity_data?.['email']).toBe(email);
    expect(await autoconfirm.messages(email)).toEqual([]);
    // The next token says so too, and the member can set a password and sign in with it.
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session?.access_token ?? '')['is_anonymous']).toBe(false);
    expect((await client.auth.updateUser({ password: 'kept-for-good-1' })).error).toBeNull();
    const again = await autoconfirm.client().auth.signInWithPassword({
      email,
      password: 'kept-for-good-1',
    });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(data.user?.id);
  });

  it('mails a link to the new address when confirmations are on; following it makes the user permanent', async () => {
    const client = on.client();
    const signedIn = await client.auth.signInAnonymously();
    expect(signedIn.error).toBeNull();
    const email = uniqueEmail('anon-confirms');
    const { data, error } = await client.auth.updateUser({ email });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: '', new_email: email, is_anonymous: true });
    const messages = await on.messages(email);
    expect(messages.map((message) => message.type)).toEqual(['email_change']);
    const verified = await on.client().auth.verifyOtp({
      token_hash: tokenHashFrom(await latestMessage(on, email)),
      type: 'email_change',
    });
    expect(verified.error).toBeNull();
    const { rows } = await on.server.db.query<{ email: string; is_anonymous: boolean }>(
      'select email, is_anonymous from auth.users where id = $1',
      [signedIn.data.user?.id],
    );
    expect(rows).toEqual([{ email, is_anonymous: false }]);
  });
});
