// Features the local backend does not have answer as GoTrue does when a project switches them off,
// with the code and message application code matches on, never a bare 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const MEMBER = { email: 'member@example.com', password: 'polyglot-demo-2026' };

describe('switched-off auth features through supabase-js', () => {
  let server: TestServer;

  beforeAll(async () => {
    // config.toml turns manual linking on for the product; this suite checks it switched off.
    server = await startTestServer({ settings: { auth: { enable_manual_linking: false } } });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function signedIn() {
    const client = server.client();
    const { error } = await client.auth.signInWithPassword(MEMBER);
    expect(error).toBeNull();
    return client;
  }

  it('answers a wallet sign-in with Web3 provider is disabled', async () => {
    const { data, error } = await server.client().auth.signInWithWeb3({
      chain: 'solana',
      message: 'example.com wants you to sign in with your Solana account',
      signature: new Uint8Array(64),
    });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'web3_provider_disabled' });
    expect(error?.message).toBe('Web3 provider is disabled');
  });

  it('answers an ID token sign-in with the provider not being enabled', async () => {
    const auth = server.client().auth;
    const google = await auth.signInWithIdToken({ provider: 'google', token: 'a.b.c' });
    expect(google.error).toMatchObject({ status: 400, code: 'provider_disabled' });
    expect(google.error?.message).toBe(
      'Provider (issuer "https://accounts.google.com") is not enabled',
    );
    const custom = await auth.signInWithIdToken({ provider: 'my-idp', token: 'a.b.c' });
    expect(custom.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(custom.error?.message).toBe('Custom OIDC provider "my-idp" not allowed');
  });

  it('answers identity linking and unlinking with Manual linking is disabled', async () => {
    const client = await signedIn();
    const link = await client.auth.linkIdentity({ provider: 'github' });
    expect(link.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
    expect(link.error?.message).toBe('Manual linking is disabled');
    const { data } = await client.auth.getUserIdentities();
    const identity = data?.identities[0];
    if (!identity) throw new Error('the member has no identity');
    expect(identity.provider).toBe('email');
    const unlink = await client.auth.unlinkIdentity(identity);
    expect(unlink.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
    expect((await client.auth.getUserIdentities()).data?.identities).toHaveLength(1);
  });

  it('answers phone sign-up, sign-in and codes with the phone provider being off', async () => {
    const auth = server.client().auth;
    const signUp = await auth.signUp({ phone: '+15555550100', password: 'a-long-password' });
    expect(signUp.error).toMatchObject({ code: 'phone_provider_disabled' });
    expect(signUp.error?.message).toBe('Phone signups are disabled');
    const otp = await auth.signInWithOtp({ phone: '+15555550100' });
    expect(otp.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
    expect(otp.error?.message).toBe('Unsupported phone provider');
    const password = await auth.signInWithPassword({
      phone: '+15555550100',
      password: 'a-long-password',
    });
    expect(password.error).toMatchObject({ status: 422, code: 'phone_provider_disabled' });
    expect(password.error?.message).toBe('Phone logins are disabled');
  });

  it('asks for a Bearer token on /factors without a session', async () => {
    const response = await fetch(`${server.url}/auth/v1/factors`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ factor_type: 'totp' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a Bearer token',
    });
  });
});
