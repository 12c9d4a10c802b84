import type { Session } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMessage, tokenHashFrom, uniqueEmail } from '../helpers/mail.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const MEMBER = { email: 'member@example.com', password: 'polyglot-demo-2026' };

describe('sign-up, password sign-in, refresh and sign-out with supabase-js', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      settings: { auth: { refresh_token_reuse_interval: 0, email: { max_frequency: '0s' } } },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('signs a seeded member in with a session and user shaped like GoTrue’s', async () => {
    const { data, error } = await server.client().auth.signInWithPassword(MEMBER);
    expect(error).toBeNull();
    const session = data.session as Session;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(data.user).toMatchObject({
      email: MEMBER.email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      is_anonymous: false,
    });
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: data.user?.id });
    const [, payload] = session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      iss: `${server.url}/auth/v1`,
      sub: data.user?.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email: MEMBER.email,
      is_anonymous: false,
    });
    expect(claims['amr']).toEqual([
      { method: 'password', timestamp: expect.any(Number) as number },
    ]);
    expect(claims['session_id']).toEqual(expect.any(String));
  });

  it('refuses a wrong password and an unknown address with invalid_credentials', async () => {
    const auth = server.client().auth;
    const wrong = await auth.signInWithPassword({ ...MEMBER, password: 'not-the-password' });
    expect(wrong.error).toMatchObject({ code: 'invalid_credentials', status: 400 });
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await auth.signInWithPassword({
      email: uniqueEmail(),
      password: 'whatever-it-is',
    });
    expect(unknown.error).toMatchObject({ code: 'invalid_credentials', status: 400 });
    expect(wrong.data.session).toBeNull();
  });

  it('signs up with confirmation: no session, the user’s locale kept, an e-mail in their language', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await server.client().auth.signUp({
      email,
      password: 'a-long-enough-password',
      options: { data: { locale: 'fr', display_name: 'Zoé' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      user_metadata: { locale: 'fr', display_name: 'Zoé' },
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toEqual(expect.any(String));
    const message = await latestMessage(server, email);
    expect(message.subject).toBe('Confirmez votre adresse e-mail');
    expect(message.html).toContain('http://localhost:4321/fr/auth/confirm/?token_hash=');

    const early = await server
      .client()
      .auth.signInWithPassword({ email, password: 'a-long-enough-password' });
    expect(early.error).toMatchObject({ code: 'email_not_confirmed', status: 400 });

    const client = server.client();
    const confirmed = await client.auth.verifyOtp({
      token_hash: tokenHashFrom(message),
      type: 'email',
    });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.email_confirmed_at).toEqual(expect.any(String));
    const signedIn = await client.auth.signInWithPassword({
      email,
      password: 'a-long-enough-password',
    });
    expect(signedIn.error).toBeNull();
  });

  it('does not reveal whether a confirmed address is registered', async () => {
    const { data, error } = await server
      .client()
      .auth.signUp({ ...MEMBER, password: 'some-other-password' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(MEMBER.email);
    // Unlike GoTrue's `identities: []`, a made-up identity as a new address gets.
    expect(data.user?.identities).toEqual([
      expect.objectContaining({ provider: 'email', user_id: data.user?.id }),
    ]);
  });

  it('rejects weak, overlong and malformed input with GoTrue’s codes', async () => {
    const auth = server.client().auth;
    const short = await auth.signUp({ email: uniqueEmail(), password: 'short' });
    expect(short.error).toMatchObject({ code: 'weak_password', status: 422 });
    expect((short.error as { reasons?: string[] }).reasons).toEqual(['length']);
    const long = await auth.signUp({ email: uniqueEmail(), password: 'ü'.repeat(37) });
    expect(long.error).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(long.error?.message).toBe('Password cannot be longer than 72 characters');
    const badEmail = await auth.signUp({
      email: 'not-an-address',
      password: 'a-long-enough-password',
    });
    expect(badEmail.error).toMatchObject({ code: 'validation_failed', status: 400 });
    const tooLong = await auth.signUp({
      email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.test`,
      password: 'a-long-enough-password',
    });
    expect(tooLong.error).toMatchObject({
      code: 'validation_failed',
      message: 'An email address is too long',
    });
    const noPassword = await auth.signUp({ email: uniqueEmail(), password: '' });
    expect(noPassword.error).toMatchObject({ code: 'validation_failed', status: 400 });
  });

  it('rotates refresh tokens and revokes the session’s tokens when an old one is reused', async () => {
    const client = server.client();
    const signIn = await client.auth.signInWithPassword(MEMBER);
    const first = signIn.data.session as Session;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session as Session;
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const third = (await client.auth.refreshSession()).data.session as Session;
    expect(third.refresh_token).not.toBe(second.refresh_token);

    // `first` is two rotations old: not a lost answer but a stolen token.
    const reuse = await server.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 });
    const victim = await server
      .client()
      .auth.refreshSession({ refresh_token: third.refresh_token });
    expect(victim.error).toMatchObject({ code: 'refresh_token_already_used' });

    const unknown = await server.client().auth.refreshSession({ refresh_token: 'nonexistent1' });
    expect(unknown.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 });
  });

  it('gives the same new token back when a client lost the answer to its refresh', async () => {
    const client = server.client();
    const first = (await client.auth.signInWithPassword(MEMBER)).data.session as Session;
    const retried = server.client();
    const once = await client.auth.refreshSession();
    const again = await retried.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(once.data.session?.refresh_token);
  });

  it('reads the signed-in user, and refuses a forged or missing token', async () => {
    const client = server.client();
    await client.auth.signInWithPassword(MEMBER);
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(MEMBER.email);

    const anonymous = await server.client().auth.getUser();
    expect(anonymous.error?.name).toBe('AuthSessionMissingError');
    const forged = await server
      .client()
      .auth.getUser('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl');
    expect(forged.error).toMatchObject({ code: 'bad_jwt', status: 403 });
    const anonKey = await server.client().auth.getUser(server.anonKey);
    expect(anonKey.error).toMatchObject({ code: 'bad_jwt', status: 403 });
  });

  it('signs out this device, other devices, or everywhere', async () => {
    const [first, second, third] = [server.client(), server.client(), server.client()];
    const tokens: string[] = [];
    for (const client of [first, second, third]) {
      const { data } = await client.auth.signInWithPassword(MEMBER);
      tokens.push(data.session?.access_token ?? '');
    }
    // What the server says about each device's access token (supabase-js turns session_not_found
    // into AuthSessionMissingError and drops the code).
    const userCode = async (token: string | undefined) => {
      const response = await fetch(`${server.url}/auth/v1/user`, {
        headers: {
          apikey: server.anonKey,
          authorization: `Bearer ${token ?? ''}`,
          'x-supabase-api-version': '2024-01-01',
        },
      });
      return response.ok ? 'ok' : ((await response.json()) as { code: string }).code;
    };

    expect((await first.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await Promise.all(tokens.map(userCode))).toEqual(['session_not_found', 'ok', 'ok']);
    expect((await second.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await Promise.all(tokens.map(userCode))).toEqual([
      'session_not_found',
      'ok',
      'session_not_found',
    ]);
    expect((await second.auth.signOut()).error).toBeNull();
    expect(await userCode(tokens[1])).toBe('session_not_found');
    // A device whose session is already gone signs out without an error, as supabase-js expects.
    expect((await third.auth.signOut()).error).toBeNull();
    expect((await third.auth.getSession()).data.session).toBeNull();
  });

  it('publishes settings and health as GoTrue does', async () => {
    const settings = (await (
      await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.anonKey } })
    ).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: false,
      external: { email: true },
    });
    const health = await fetch(`${server.url}/auth/v1/health`, {
      headers: { apikey: server.anonKey },
    });
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
  });
});
