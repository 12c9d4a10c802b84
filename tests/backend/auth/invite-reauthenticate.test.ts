// Invitations (auth.admin.inviteUserByEmail) and reauthentication before a password change
// (`secure_password_change`), through supabase-js and the local mailbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom, latestMessage, tokenHashFrom, uniqueEmail } from '../helpers/mail.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('invitations and reauthentication', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      settings: { auth: { email: { max_frequency: '0s', secure_password_change: true } } },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function signedInMember() {
    const email = uniqueEmail('reauth');
    const password = 'first-password-123';
    await server.admin().auth.admin.createUser({ email, password, email_confirm: true });
    const client = server.client();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return { client, email, userId: data.user?.id ?? '' };
  }

  /** Makes the member's sessions look a day old, as after signing in yesterday. */
  async function ageSessions(userId: string) {
    await server.server.db.query(
      "update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1",
      [userId],
    );
  }

  it('invites by e-mail: the user waits unconfirmed, the link confirms and signs in', async () => {
    const email = uniqueEmail('invited');
    const { data, error } = await server.admin().auth.admin.inviteUserByEmail(email, {
      data: { display_name: 'Grace' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { display_name: 'Grace' } });
    expect(data.user?.invited_at).toEqual(expect.any(String));
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const invite = await latestMessage(server, email);
    expect(invite.type).toBe('invite');
    const verified = await server
      .client()
      .auth.verifyOtp({ token_hash: tokenHashFrom(invite), type: 'invite' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(verified.data.session?.access_token).toEqual(expect.any(String));
  });

  it('refuses to invite an address that already has a confirmed account', async () => {
    const { email } = await signedInMember();
    const { error } = await server.admin().auth.admin.inviteUserByEmail(email);
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('lets a recent session change the password without a nonce', async () => {
    const { client } = await signedInMember();
    const { error } = await client.auth.updateUser({ password: 'second-password-456' });
    expect(error).toBeNull();
  });

  it('asks a day-old session for the e-mailed nonce, and accepts it once', async () => {
    const { client, email, userId } = await signedInMember();
    await ageSessions(userId);
    const without = await client.auth.updateUser({ password: 'second-password-456' });
    expect(without.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    expect(without.error?.message).toBe('Password update requires reauthentication');

    const wrong = await client.auth.updateUser({
      password: 'second-password-456',
      nonce: '000000',
    });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });

    expect((await client.auth.reauthenticate()).error).toBeNull();
    const nonce = codeFrom(await latestMessage(server, email));
    const changed = await client.auth.updateUser({ password: 'second-password-456', nonce });
    expect(changed.error).toBeNull();
    const again = await client.auth.updateUser({ password: 'third-password-789', nonce });
    expect(again.error).toMatchObject({ code: 'reauthentication_not_valid' });
    const signIn = await server
      .client()
      .auth.signInWithPassword({ email, password: 'second-password-456' });
    expect(signIn.error).toBeNull();
  });
});
