import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom, latestMessage, tokenHashFrom, uniqueEmail } from '../helpers/mail.ts';
import { authFetchFrom } from '../security/auth-support.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const SITE = 'http://localhost:4321';

describe('e-mail links and 6-digit codes (sign-in, confirmation, recovery) with supabase-js', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ settings: { auth: { email: { max_frequency: '0s' } } } });
  });
  afterAll(async () => {
    await server.stop();
  });

  /** A confirmed member who owns nothing else in the suite. */
  async function createMember(locale = 'en'): Promise<{ email: string; password: string }> {
    const email = uniqueEmail('member');
    const password = 'first-password-123';
    const { error } = await server.admin().auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: { locale },
    });
    expect(error).toBeNull();
    return { email, password };
  }

  /** Follows an e-mail link as a browser would, without following the redirect. */
  async function followLink(url: string): Promise<URL> {
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location') ?? '');
  }

  it('signs a member in with the 6-digit code from the e-mail', async () => {
    const { email } = await createMember('de');
    const client = server.client();
    const sent = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ user: null, session: null });
    const message = await latestMessage(server, email);
    expect(message.subject).toBe('Ihr Anmeldelink und Code');
    const { data, error } = await client.auth.verifyOtp({
      email,
      token: codeFrom(message),
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect((await client.auth.getSession()).data.session?.access_token).toBe(
      data.session?.access_token,
    );
  });

  it('signs in once with the link’s token hash and refuses it the second time', async () => {
    const { email } = await createMember();
    await server.client().auth.signInWithOtp({ email });
    const hash = tokenHashFrom(await latestMessage(server, email));
    const first = await server.client().auth.verifyOtp({ token_hash: hash, type: 'email' });
    expect(first.error).toBeNull();
    expect(first.data.user?.email).toBe(email);
    const again = await server.client().auth.verifyOtp({ token_hash: hash, type: 'email' });
    expect(again.error).toMatchObject({ code: 'otp_expired', status: 403 });
  });

  it('refuses a wrong code with otp_expired', async () => {
    const { email } = await createMember();
    await server.client().auth.signInWithOtp({ email });
    const code = codeFrom(await latestMessage(server, email));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const { error } = await server.client().auth.verifyOtp({ email, token: wrong, type: 'email' });
    expect(error).toMatchObject({
      code: 'otp_expired',
      status: 403,
      message: 'Token has expired or is invalid',
    });
  });

  it('creates an account for a new address, and refuses one when sign-up is not wanted', async () => {
    const email = uniqueEmail('newcomer');
    // GoTrue's answer, which tells an unknown address apart (the dialog leaves create_user on).
    const unsent = await server
      .client()
      .auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(unsent.error).toMatchObject({ status: 422, code: 'otp_disabled' });
    expect(unsent.error?.message).toBe('Signups not allowed for otp');
    expect(await server.messages(email)).toEqual([]);

    const client = server.client();
    const sent = await client.auth.signInWithOtp({ email, options: { data: { locale: 'ar' } } });
    expect(sent.error).toBeNull();
    const message = await latestMessage(server, email);
    expect(message.type).toBe('confirmation');
    expect(message.html).toContain('dir="rtl"');
    const { data, error } = await client.auth.verifyOtp({
      token_hash: tokenHashFrom(message),
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { locale: 'ar' } });
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it('redirects an implicit-flow link to the site with the session in the fragment', async () => {
    const { email } = await createMember();
    const { data } = await server.admin().auth.admin.generateLink({
      type: 'magiclink',
      email,
      options: { redirectTo: `${SITE}/en/account/` },
    });
    const location = await followLink(data.properties?.action_link ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/en/account/`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('magiclink');
    expect(fragment.get('expires_in')).toBe('3600');
    const user = await server.client().auth.getUser(fragment.get('access_token') ?? '');
    expect(user.data.user?.email).toBe(email);
  });

  it('redirects a PKCE link with ?code= that the same browser exchanges for a session', async () => {
    const { email } = await createMember();
    const browser = server.client({ auth: { flowType: 'pkce' } });
    await browser.auth.signInWithOtp({ email, options: { emailRedirectTo: `${SITE}/fr/` } });
    const hash = tokenHashFrom(await latestMessage(server, email));
    expect(hash.startsWith('pkce_')).toBe(true);
    const location = await followLink(
      `${server.url}/auth/v1/verify?token=${hash}&type=magiclink&redirect_to=${encodeURIComponent(`${SITE}/fr/`)}`,
    );
    const code = location.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    const { data, error } = await browser.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);

    const replay = await browser.auth.exchangeCodeForSession(code);
    expect(replay.error).not.toBeNull();
  });

  it('refuses a PKCE code with the wrong verifier', async () => {
    const { email } = await createMember();
    await server.client({ auth: { flowType: 'pkce' } }).auth.signInWithOtp({ email });
    const hash = tokenHashFrom(await latestMessage(server, email));
    const location = await followLink(`${server.url}/auth/v1/verify?token=${hash}&type=magiclink`);
    const response = await fetch(`${server.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({
        auth_code: location.searchParams.get('code'),
        code_verifier: 'x'.repeat(43),
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_code_verifier' });
  });

  it('sends a used or unknown link back to the site with otp_expired', async () => {
    const location = await followLink(
      `${server.url}/auth/v1/verify?token=0000&type=magiclink&redirect_to=${encodeURIComponent(`${SITE}/de/`)}`,
    );
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/de/`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('redirects only to the configured site, never to another host', async () => {
    const { email } = await createMember();
    const { data } = await server.admin().auth.admin.generateLink({
      type: 'magiclink',
      email,
      options: { redirectTo: 'https://attacker.example/steal' },
    });
    expect(data.properties?.redirect_to).toBe(SITE);
    const location = await followLink(data.properties?.action_link ?? '');
    expect(location.origin).toBe(SITE);
    const allowed = await server.admin().auth.admin.generateLink({
      type: 'magiclink',
      email,
      options: { redirectTo: 'http://127.0.0.1:4321/en/account/' },
    });
    expect(allowed.data.properties?.redirect_to).toBe('http://127.0.0.1:4321/en/account/');
    // A preview or end-to-end run on a free loopback port gets its links back too.
    const preview = await server.admin().auth.admin.generateLink({
      type: 'magiclink',
      email,
      options: { redirectTo: 'http://127.0.0.1:49152/de/' },
    });
    expect(preview.data.properties?.redirect_to).toBe('http://127.0.0.1:49152/de/');
  });

  it('resends the sign-up confirmation', async () => {
    const email = uniqueEmail('resend');
    await server.client().auth.signUp({ email, password: 'a-long-enough-password' });
    const { error } = await server.client().auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    const messages = await server.messages(email);
    expect(messages.map((m) => m.type)).toEqual(['confirmation', 'confirmation']);
    expect(tokenHashFrom(messages[0] as (typeof messages)[0])).not.toBe(
      tokenHashFrom(messages[1] as (typeof messages)[0]),
    );
  });

  it('resets a forgotten password: recovery link, PASSWORD_RECOVERY, new password', async () => {
    const { email, password } = await createMember('fr');
    const client = server.client();
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const sent = await client.auth.resetPasswordForEmail(email, {
      redirectTo: `${SITE}/fr/auth/reset-password/`,
    });
    expect(sent.error).toBeNull();
    const message = await latestMessage(server, email);
    expect(message.subject).toBe('Réinitialisez votre mot de passe');
    const verified = await client.auth.verifyOtp({
      token_hash: tokenHashFrom(message),
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    const updated = await client.auth.updateUser({ password: 'second-password-456' });
    expect(updated.error).toBeNull();
    const old = await server.client().auth.signInWithPassword({ email, password });
    expect(old.error).toMatchObject({ code: 'invalid_credentials' });
    const fresh = await server
      .client()
      .auth.signInWithPassword({ email, password: 'second-password-456' });
    expect(fresh.error).toBeNull();
  });

  it('answers a reset for an unknown address like any other, and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const { error } = await server.client().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(await server.messages(email)).toEqual([]);
  });
});

describe('e-mail rate limits', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      settings: { auth: { rate_limit: { email_sent: 3 }, email: { max_frequency: '60s' } } },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('refuses a second e-mail to the same address within max_frequency', async () => {
    const email = uniqueEmail('hasty');
    expect((await server.client().auth.signInWithOtp({ email })).error).toBeNull();
    const again = await server.client().auth.signInWithOtp({ email });
    expect(again.error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });
    expect(again.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
    expect(await server.messages(email)).toHaveLength(1);
  });

  it('refuses e-mails beyond the hourly budget of the project', async () => {
    // From three computers: one computer may spend only a third of the budget.
    const results = [];
    for (const [index, label] of ['a', 'b', 'c'].entries()) {
      const body = JSON.stringify({ email: uniqueEmail(label) });
      results.push(await authFetchFrom(`127.0.3.${index + 1}`, server, '/otp', { body }));
    }
    expect(results.slice(0, 2).map((result) => result.status)).toEqual([200, 200]);
    expect(results[2]).toMatchObject({
      status: 429,
      body: { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' },
    });
  });
});
