// Passkeys (first factor) and WebAuthn second factors through the unchanged auth-js: `auth.passkey.*`
// (the two steps registerPasskey and signInWithPasskey take around the browser's dialog),
// `auth.admin.passkey.*` and `auth.mfa` with factorType 'webauthn'. A software authenticator
// (helpers/software-authenticator.ts) answers as a browser would on the site's origin.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/mail.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';

// config.toml's site: the relying party is its host name and its origin the one origin accepted.
const SITE = 'http://localhost:4321';

function claimsOf(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
}

describe('passkeys through auth-js', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      settings: {
        auth: {
          passkey: { enabled: true },
          mfa: {
            totp: { enroll_enabled: true, verify_enabled: true },
            web_authn: { enroll_enabled: true, verify_enabled: true },
          },
        },
      },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function signedInMember() {
    const email = uniqueEmail('passkey');
    const password = 'passkey-password-123';
    const created = await server.admin().auth.admin.createUser({
      email,
      password,
      email_confirm: true,
    });
    const client = server.client();
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
    return { client, email, userId: created.data.user?.id ?? '' };
  }

  async function register(client: SupabaseClient, authenticator: SoftwareAuthenticator) {
    const { data: options, error } = await client.auth.passkey.startRegistration();
    expect(error).toBeNull();
    if (!options) throw new Error('no registration options');
    const credential = authenticator.create(options.options);
    return client.auth.passkey.verifyRegistration({
      challengeId: options.challenge_id,
      credential: credential.toJSON() as never,
    });
  }

  async function signIn(authenticator: SoftwareAuthenticator) {
    const client = server.client();
    const { data: options, error } = await client.auth.passkey.startAuthentication();
    expect(error).toBeNull();
    if (!options) throw new Error('no authentication options');
    const credential = authenticator.get(options.options);
    const result = await client.auth.passkey.verifyAuthentication({
      challengeId: options.challenge_id,
      credential: credential.toJSON() as never,
    });
    return { client, result };
  }

  it('offers registration options for a discoverable credential of the site, then stores it', async () => {
    const { client, email, userId } = await signedInMember();
    const { data: options } = await client.auth.passkey.startRegistration();
    expect(options?.options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: email, id: Buffer.from(userId).toString('base64url') },
      authenticatorSelection: { residentKey: 'required' },
    });
    expect(options?.expires_at).toBeGreaterThan(Date.now() / 1000 + 240);
    const authenticator = new SoftwareAuthenticator(SITE);
    const credential = authenticator.create(options?.options as never);
    const { data, error } = await client.auth.passkey.verifyRegistration({
      challengeId: options?.challenge_id ?? '',
      credential: credential.toJSON() as never,
    });
    expect(error).toBeNull();
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(data?.created_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const listed = await client.auth.passkey.list();
    expect(listed.data).toEqual([{ id: data?.id, created_at: data?.created_at }]);
  });

  it('signs in with the passkey alone: a session at aal1 with passkey in amr, last used recorded', async () => {
    const { client, userId } = await signedInMember();
    const authenticator = new SoftwareAuthenticator(SITE);
    expect((await register(client, authenticator)).error).toBeNull();
    const { client: fresh, result } = await signIn(authenticator);
    expect(result.error).toBeNull();
    const { data: session } = await fresh.auth.getSession();
    expect(session.session?.user.id).toBe(userId);
    const claims = claimsOf(session.session?.access_token ?? '');
    expect(claims['aal']).toBe('aal1');
    expect((claims['amr'] as { method: string }[]).map((entry) => entry.method)).toEqual([
      'passkey',
    ]);
    const listed = await fresh.auth.passkey.list();
    expect(listed.data?.[0]?.last_used_at).toEqual(expect.any(String));
  });

  it('refuses a replayed challenge, a foreign origin and a sign counter that went back', async () => {
    const { client } = await signedInMember();
    const authenticator = new SoftwareAuthenticator(SITE);
    expect((await register(client, authenticator)).error).toBeNull();
    const anon = server.client();
    const { data: options } = await anon.auth.passkey.startAuthentication();
    const answer = authenticator.get(options?.options as never).toJSON() as never;
    const first = await anon.auth.passkey.verifyAuthentication({
      challengeId: options?.challenge_id ?? '',
      credential: answer,
    });
    expect(first.error).toBeNull();
    const replay = await server.client().auth.passkey.verifyAuthentication({
      challengeId: options?.challenge_id ?? '',
      credential: answer,
    });
    expect(replay.error?.code).toBe('webauthn_challenge_not_found');

    const phishing = new SoftwareAuthenticator('http://localhost.evil.example');
    phishing.credentials.push(...authenticator.credentials);
    const { data: again } = await anon.auth.passkey.startAuthentication();
    const foreign = await anon.auth.passkey.verifyAuthentication({
      challengeId: again?.challenge_id ?? '',
      credential: phishing.get(again?.options as never).toJSON() as never,
    });
    expect(foreign.error?.code).toBe('webauthn_verification_failed');

    // A cloned authenticator: its counter is behind the one the server last saw.
    for (const credential of authenticator.credentials) credential.signCount = 0;
    const { data: cloned } = await anon.auth.passkey.startAuthentication();
    const behind = await anon.auth.passkey.verifyAuthentication({
      challengeId: cloned?.challenge_id ?? '',
      credential: authenticator.get(cloned?.options as never).toJSON() as never,
    });
    expect(behind.error?.code).toBe('webauthn_verification_failed');
  });

  it('excludes an authenticator already registered and refuses a forged attestation', async () => {
    const { client } = await signedInMember();
    const authenticator = new SoftwareAuthenticator(SITE);
    expect((await register(client, authenticator)).error).toBeNull();
    const { data: options } = await client.auth.passkey.startRegistration();
    expect(options?.options.excludeCredentials).toHaveLength(1);
    const { data: more } = await client.auth.passkey.startRegistration();
    const forged = authenticator.create(more?.options as never).toJSON() as {
      response: { clientDataJSON: string };
    };
    forged.response.clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: 'c3RvbGVu', origin: SITE }),
    ).toString('base64url');
    const refused = await client.auth.passkey.verifyRegistration({
      challengeId: more?.challenge_id ?? '',
      credential: forged as never,
    });
    expect(refused.error?.code).toBe('webauthn_verification_failed');
  });

  it('renames and deletes a passkey; deleting needs aal2 once a second factor is verified', async () => {
    const { client } = await signedInMember();
    const authenticator = new SoftwareAuthenticator(SITE);
    const { data: passkey } = await register(client, authenticator);
    const renamed = await client.auth.passkey.update({
      passkeyId: passkey?.id ?? '',
      friendlyName: 'Laptop',
    });
    expect(renamed.data).toMatchObject({ id: passkey?.id, friendly_name: 'Laptop' });
    const empty = await client.auth.passkey.update({
      passkeyId: passkey?.id ?? '',
      friendlyName: '',
    });
    expect(empty.error?.code).toBe('validation_failed');

    // A WebAuthn second factor, verified: the session is aal2.
    const key = new SoftwareAuthenticator(SITE);
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'webauthn' });
    const { data: challenge } = await client.auth.mfa.challenge({
      factorId: factor?.id ?? '',
      webauthn: { rpId: 'localhost' },
    });
    expect(challenge?.type).toBe('webauthn');
    if (challenge?.type !== 'webauthn' || challenge.webauthn.type !== 'create') {
      throw new Error('expected creation options');
    }
    const verified = await client.auth.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: challenge.id,
      webauthn: {
        type: 'create',
        rpId: 'localhost',
        credential_response: key.create(
          challenge.webauthn.credential_options.publicKey as never,
        ) as never,
      },
    });
    expect(verified.error).toBeNull();
    expect(claimsOf(verified.data?.access_token ?? '')['aal']).toBe('aal2');

    // A passkey sign-in on this account is aal1, with aal2 next: it cannot delete.
    const { client: passkeyOnly } = await signIn(authenticator);
    const level = await passkeyOnly.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const refused = await passkeyOnly.auth.passkey.delete({ passkeyId: passkey?.id ?? '' });
    expect(refused.error?.code).toBe('insufficient_aal');
    const deleted = await client.auth.passkey.delete({ passkeyId: passkey?.id ?? '' });
    expect(deleted.error).toBeNull();
    expect((await client.auth.passkey.list()).data).toEqual([]);
  });

  it('asks a verified WebAuthn factor to sign, and raises a new session to aal2 with mfa/webauthn', async () => {
    const { client, email } = await signedInMember();
    const key = new SoftwareAuthenticator(SITE);
    const { data: factor } = await client.auth.mfa.enroll({
      factorType: 'webauthn',
      friendlyName: 'Security key',
    });
    const { data: create } = await client.auth.mfa.challenge({
      factorId: factor?.id ?? '',
      webauthn: { rpId: 'localhost' },
    });
    if (create?.type !== 'webauthn' || create.webauthn.type !== 'create') throw new Error('create');
    expect(create.webauthn.credential_options.publicKey.authenticatorSelection).toMatchObject({
      residentKey: 'discouraged',
    });
    await client.auth.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: create.id,
      webauthn: {
        type: 'create',
        rpId: 'localhost',
        credential_response: key.create(
          create.webauthn.credential_options.publicKey as never,
        ) as never,
      },
    });
    const again = server.client();
    await again.auth.signInWithPassword({ email, password: 'passkey-password-123' });
    const { data: request } = await again.auth.mfa.challenge({
      factorId: factor?.id ?? '',
      webauthn: { rpId: 'localhost' },
    });
    if (request?.type !== 'webauthn' || request.webauthn.type !== 'request')
      throw new Error('request');
    expect(request.webauthn.credential_options.publicKey.allowCredentials).toHaveLength(1);
    const wrongType = await again.auth.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: request.id,
      webauthn: {
        type: 'create',
        rpId: 'localhost',
        credential_response: key.create({
          challenge: 'eA',
          rp: { id: 'localhost' },
          user: { id: 'eA' },
        }) as never,
      },
    });
    expect(wrongType.error?.code).toBe('validation_failed');
    const { data, error } = await again.auth.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: request.id,
      webauthn: {
        type: 'request',
        rpId: 'localhost',
        credential_response: key.get(
          request.webauthn.credential_options.publicKey as never,
        ) as never,
      },
    });
    expect(error).toBeNull();
    const claims = claimsOf(data?.access_token ?? '');
    expect(claims['aal']).toBe('aal2');
    expect((claims['amr'] as { method: string }[]).map((entry) => entry.method)).toContain(
      'mfa/webauthn',
    );
    const listed = await again.auth.mfa.listFactors();
    expect(listed.data?.webauthn).toEqual([
      expect.objectContaining({
        id: factor?.id,
        friendly_name: 'Security key',
        status: 'verified',
      }),
    ]);
  });

  it("lets an admin list a member's passkeys and delete one", async () => {
    const { client, userId } = await signedInMember();
    const { data: passkey } = await register(client, new SoftwareAuthenticator(SITE));
    const admin = server.admin().auth.admin.passkey;
    const listed = await admin.listPasskeys({ userId });
    expect(listed.data).toEqual([expect.objectContaining({ id: passkey?.id })]);
    expect((await admin.deletePasskey({ userId, passkeyId: passkey?.id ?? '' })).error).toBeNull();
    expect((await admin.listPasskeys({ userId })).data).toEqual([]);
    const notAdmin = await client.auth.admin.passkey.listPasskeys({ userId });
    expect(notAdmin.error).not.toBeNull();
  });
});

describe('passkeys and WebAuthn factors switched off', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      settings: {
        auth: {
          passkey: { enabled: false },
          mfa: { web_authn: { enroll_enabled: false, verify_enabled: false } },
        },
      },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers passkey_disabled and refuses WebAuthn enrolment when they are off', async () => {
    const options = await server.client().auth.passkey.startAuthentication();
    expect(options.error?.code).toBe('passkey_disabled');
    const email = uniqueEmail('no-passkey');
    await server
      .admin()
      .auth.admin.createUser({ email, password: 'pw-12345678', email_confirm: true });
    const client = server.client();
    await client.auth.signInWithPassword({ email, password: 'pw-12345678' });
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn' });
    expect(enrolled.error?.code).toBe('mfa_webauthn_enroll_not_enabled');
  });
});
