import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMessage, tokenHashFrom, uniqueEmail } from '../helpers/mail.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('a member managing their account with supabase-js', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ settings: { auth: { email: { max_frequency: '0s' } } } });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function signedInMember() {
    const email = uniqueEmail('account');
    const password = 'first-password-123';
    await server.admin().auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: { locale: 'en', display_name: 'Ada' },
    });
    const client = server.client();
    const { error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return { client, email, password };
  }

  it('updates metadata key by key and carries it into the next access token', async () => {
    const { client } = await signedInMember();
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const { data, error } = await client.auth.updateUser({ data: { locale: 'de' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ locale: 'de', display_name: 'Ada' });
    expect(events).toContain('USER_UPDATED');
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.data.session?.user.user_metadata['locale']).toBe('de');
    const [, payload] = (refreshed.data.session?.access_token ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as {
      user_metadata: Record<string, unknown>;
    };
    expect(claims.user_metadata['locale']).toBe('de');
  });

  it('changes the password, ends the other sessions, and refuses the same password', async () => {
    const { client, email, password } = await signedInMember();
    const other = server.client();
    await other.auth.signInWithPassword({ email, password });
    const same = await client.auth.updateUser({ password });
    expect(same.error).toMatchObject({ code: 'same_password', status: 422 });
    const weak = await client.auth.updateUser({ password: 'short' });
    expect(weak.error).toMatchObject({ code: 'weak_password', status: 422 });
    const changed = await client.auth.updateUser({ password: 'second-password-456' });
    expect(changed.error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    const otherRefresh = await other.auth.refreshSession();
    expect(otherRefresh.error).not.toBeNull();
    const again = await server
      .client()
      .auth.signInWithPassword({ email, password: 'second-password-456' });
    expect(again.error).toBeNull();
  });

  it('changes the e-mail address only after both addresses confirmed it', async () => {
    const { client, email } = await signedInMember();
    const newEmail = uniqueEmail('moved');
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: newEmail });
    const toNew = await latestMessage(server, newEmail);
    const toOld = await latestMessage(server, email);
    expect([toNew.type, toOld.type]).toEqual(['email_change', 'email_change']);

    const first = await server
      .client()
      .auth.verifyOtp({ token_hash: tokenHashFrom(toNew), type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    expect((await client.auth.getUser()).data.user?.email).toBe(email);

    const second = await server
      .client()
      .auth.verifyOtp({ token_hash: tokenHashFrom(toOld), type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(newEmail);
    expect((await client.auth.getUser()).data.user?.email).toBe(newEmail);
  });

  it('refuses to move to an address another account uses', async () => {
    const { client } = await signedInMember();
    const { error } = await client.auth.updateUser({ email: 'member@example.com' });
    expect(error).toMatchObject({ code: 'email_exists', status: 422 });
  });

  it('refuses account changes without a session', async () => {
    const { error } = await server.client().auth.updateUser({ data: { locale: 'fr' } });
    expect(error?.name).toBe('AuthSessionMissingError');
  });
});

describe('the admin API with the service_role key', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('creates, finds, lists, updates and deletes users', async () => {
    const admin = server.admin().auth.admin;
    const email = uniqueEmail('admin-made');
    const created = await admin.createUser({
      email,
      password: 'made-by-admin-1',
      email_confirm: true,
      user_metadata: { locale: 'fr' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id ?? '';
    expect(created.data.user).toMatchObject({ email, user_metadata: { locale: 'fr' } });

    const found = await admin.getUserById(id);
    expect(found.data.user?.email).toBe(email);
    const listed = await admin.listUsers({ page: 1, perPage: 2 });
    expect(listed.error).toBeNull();
    expect(listed.data.users).toHaveLength(2);
    expect((listed.data as { total?: number }).total).toBeGreaterThanOrEqual(5);

    const duplicate = await admin.createUser({ email, password: 'made-by-admin-1' });
    expect(duplicate.error).toMatchObject({ code: 'email_exists', status: 422 });

    const banned = await admin.updateUserById(id, {
      ban_duration: '24h',
      user_metadata: { locale: 'ar' },
    });
    expect(banned.data.user?.user_metadata['locale']).toBe('ar');
    const refused = await server
      .client()
      .auth.signInWithPassword({ email, password: 'made-by-admin-1' });
    expect(refused.error).toMatchObject({ code: 'user_banned' });
    await admin.updateUserById(id, { ban_duration: 'none' });
    const allowed = await server
      .client()
      .auth.signInWithPassword({ email, password: 'made-by-admin-1' });
    expect(allowed.error).toBeNull();

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({
      code: 'user_not_found',
      status: 404,
    });
    const gone = await server
      .client()
      .auth.signInWithPassword({ email, password: 'made-by-admin-1' });
    expect(gone.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('generates a sign-up link and code without sending an e-mail', async () => {
    const email = uniqueEmail('invited');
    const { data, error } = await server.admin().auth.admin.generateLink({
      type: 'signup',
      email,
      password: 'generated-pass-1',
    });
    expect(error).toBeNull();
    expect(data.properties).toMatchObject({
      verification_type: 'signup',
      email_otp: expect.stringMatching(/^\d{6}$/) as string,
    });
    expect(data.properties?.action_link).toContain(`${server.url}/auth/v1/verify?token=`);
    expect(await server.messages(email)).toEqual([]);
    const verified = await server
      .client()
      .auth.verifyOtp({ email, token: data.properties?.email_otp ?? '', type: 'signup' });
    expect(verified.error).toBeNull();
  });

  it('refuses the admin API to anyone without the service_role key', async () => {
    const member = server.client();
    await member.auth.signInWithPassword({
      email: 'member@example.com',
      password: 'polyglot-demo-2026',
    });
    const token = (await member.auth.getSession()).data.session?.access_token ?? '';
    for (const bearer of [server.anonKey, token]) {
      const response = await fetch(`${server.url}/auth/v1/admin/users`, {
        headers: {
          apikey: server.anonKey,
          authorization: `Bearer ${bearer}`,
          'x-supabase-api-version': '2024-01-01',
        },
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
    }
  });
});

describe('sign-up without e-mail confirmation (enable_confirmations = false)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      settings: { auth: { email: { enable_confirmations: false } } },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('signs the new member in at once and sends no e-mail', async () => {
    const email = uniqueEmail('instant');
    const client = server.client();
    const { data, error } = await client.auth.signUp({ email, password: 'a-long-enough-password' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(await server.messages(email)).toEqual([]);
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
  });

  it('tells a second sign-up that the user already exists', async () => {
    const { error } = await server
      .client()
      .auth.signUp({ email: 'member@example.com', password: 'a-long-enough-password' });
    expect(error).toMatchObject({ code: 'user_already_exists', status: 422 });
  });
});

describe('sign-up switched off (enable_signup = false)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ settings: { auth: { enable_signup: false } } });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('refuses new accounts but still signs existing members in', async () => {
    const signUp = await server
      .client()
      .auth.signUp({ email: uniqueEmail(), password: 'a-long-enough-password' });
    expect(signUp.error).toMatchObject({ code: 'signup_disabled', status: 422 });
    const otp = await server.client().auth.signInWithOtp({ email: uniqueEmail() });
    expect(otp.error).toMatchObject({ code: 'signup_disabled', status: 422 });
    const signIn = await server
      .client()
      .auth.signInWithPassword({ email: 'member@example.com', password: 'polyglot-demo-2026' });
    expect(signIn.error).toBeNull();
  });
});
