// TOTP multi-factor authentication through supabase-js's `auth.mfa`, with codes computed as an
// authenticator app computes them (otpauth from the enrolment's secret).
import { request } from 'node:http';
import { TOTP } from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/mail.ts';
import { unusedTotpCode } from '../helpers/second-factor.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

function claimsOf(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
}

/** A POST to the server from `localAddress` (Linux routes all of 127.0.0.0/8 to loopback). */
function requestFrom(localAddress: string, path: string, token: string, body: object = {}) {
  const url = new URL(path, server.url);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          apikey: server.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          resolve({
            status: incoming.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as unknown,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(body));
  });
}

function codeFor(secret: string): string {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

let server: TestServer;

describe('TOTP second factors with supabase-js', () => {
  beforeAll(async () => {
    server = await startTestServer({
      settings: { auth: { mfa: { totp: { enroll_enabled: true, verify_enabled: true } } } },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function signedInMember() {
    const email = uniqueEmail('mfa');
    const password = 'mfa-password-123';
    await server.admin().auth.admin.createUser({ email, password, email_confirm: true });
    const client = server.client();
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
    return { client, email, password };
  }

  async function enrollVerified(client: SupabaseClient) {
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(error).toBeNull();
    if (!data) throw new Error('no TOTP enrolment');
    const code = await unusedTotpCode(data.totp.secret);
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code });
    expect(verified.error).toBeNull();
    return { ...data, usedCode: code };
  }

  it('enrolls with a secret, an otpauth URI and an SVG QR code, unverified at first', async () => {
    const { client, email } = await signedInMember();
    const { data, error } = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Phone app',
    });
    expect(error).toBeNull();
    if (!data) throw new Error('no TOTP enrolment');
    expect(data.friendly_name).toBe('Phone app');
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.totp.uri).toContain(`otpauth://totp/`);
    expect(decodeURIComponent(data.totp.uri)).toContain(email);
    expect(data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all).toEqual([
      expect.objectContaining({ id: data.id, status: 'unverified', factor_type: 'totp' }),
    ]);
    expect(listed.data?.totp).toEqual([]);
  });

  it('verifies a code: the session becomes aal2 with totp in amr', async () => {
    const { client } = await signedInMember();
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    const factor = await enrollVerified(client);
    const { data: session } = await client.auth.getSession();
    const claims = claimsOf(session.session?.access_token ?? '');
    expect(claims['aal']).toBe('aal2');
    expect((claims['amr'] as { method: string }[]).map((entry) => entry.method)).toEqual(
      expect.arrayContaining(['password', 'totp']),
    );
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.totp).toEqual([
      expect.objectContaining({ id: factor.id, status: 'verified' }),
    ]);
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session?.access_token ?? '')['aal']).toBe('aal2');
  });

  it('refuses a wrong code, and a challenge verified from another factor', async () => {
    const { client } = await signedInMember();
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
    if (!data) throw new Error('no TOTP enrolment');
    const challenge = await client.auth.mfa.challenge({ factorId: data.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000);
    const wrong = await client.auth.mfa.verify({
      factorId: data.id,
      challengeId: challenge.data?.id ?? '',
      code: codeFor(data.totp.secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(wrong.error?.message).toBe('Invalid TOTP code entered');
    const unknown = await client.auth.mfa.verify({
      factorId: data.id,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: codeFor(data.totp.secret),
    });
    expect(unknown.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
  });

  it('refuses a code accepted once when another session gives it again (RFC 6238 §5.2)', async () => {
    const { client, email, password } = await signedInMember();
    const factor = await enrollVerified(client);
    const other = server.client();
    expect((await other.auth.signInWithPassword({ email, password })).error).toBeNull();
    const again = await other.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: factor.usedCode,
    });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(again.error?.message).toMatch(/already used/);
    const next = await other.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: await unusedTotpCode(factor.totp.secret),
    });
    expect(next.error).toBeNull();
  });

  it('bounds wrong codes per factor, whatever address they come from', async () => {
    const { client } = await signedInMember();
    const factor = await enrollVerified(client);
    const token = (await client.auth.getSession()).data.session?.access_token ?? '';
    const wrong = codeFor(factor.totp.secret) === '000000' ? '111111' : '000000';
    /** A challenge and verification sent from another loopback address, as another client. */
    async function verifyFrom(address: string, code: string) {
      const challenge = await requestFrom(
        address,
        `/auth/v1/factors/${factor.id}/challenge`,
        token,
      );
      const challengeId = (challenge.body as { id?: string }).id ?? '';
      return requestFrom(address, `/auth/v1/factors/${factor.id}/verify`, token, {
        challenge_id: challengeId,
        code,
      });
    }
    for (const address of ['127.0.0.2', '127.0.0.3']) {
      for (let i = 0; i < 15; i += 1) {
        const answer = await verifyFrom(address, wrong);
        expect(answer).toMatchObject({ status: 422, body: { code: 'mfa_verification_failed' } });
      }
    }
    // A fresh address, well within its own limit, finds the factor closed, even to the right code.
    expect(await verifyFrom('127.0.0.4', wrong)).toMatchObject({
      status: 429,
      body: { code: 'over_request_rate_limit' },
    });
    expect(await verifyFrom('127.0.0.4', await unusedTotpCode(factor.totp.secret))).toMatchObject({
      status: 429,
      body: { code: 'over_request_rate_limit' },
    });
  });

  it('signs in again at aal1 with aal2 next, and asks aal2 to change the password', async () => {
    const { client, email, password } = await signedInMember();
    await enrollVerified(client);
    const again = server.client();
    expect((await again.auth.signInWithPassword({ email, password })).error).toBeNull();
    const level = await again.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const change = await again.auth.updateUser({ password: 'another-password-456' });
    expect(change.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
  });

  it("ends the user's other sign-ins still at aal1 when one passes the factor", async () => {
    const { client, email, password } = await signedInMember();
    const factor = await enrollVerified(client);
    // Two more sign-ins with the password; the first to give its code ends the other (GoTrue).
    const first = server.client();
    const second = server.client();
    expect((await first.auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await second.auth.signInWithPassword({ email, password })).error).toBeNull();
    expect(
      (
        await first.auth.mfa.challengeAndVerify({
          factorId: factor.id,
          code: await unusedTotpCode(factor.totp.secret),
        })
      ).error,
    ).toBeNull();
    const late = await second.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: await unusedTotpCode(factor.totp.secret),
    });
    // The server answers 403 session_not_found, which auth-js reports as a missing session.
    expect(late.error?.name).toBe('AuthSessionMissingError');
    expect((await second.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    // The sessions past the factor are kept: the first client and the one that enrolled.
    expect((await first.auth.getUser()).error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it('unenrolls: a verified factor needs aal2, and the session returns to aal1', async () => {
    const { client, email, password } = await signedInMember();
    const factor = await enrollVerified(client);
    const aal1 = server.client();
    await aal1.auth.signInWithPassword({ email, password });
    const refused = await aal1.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session?.access_token ?? '')['aal']).toBe('aal1');
  });

  it('keeps factors in auth.mfa_factors and challenges in auth.mfa_challenges', async () => {
    const { client } = await signedInMember();
    const factor = await enrollVerified(client);
    const { rows } = await server.server.db.query<{ status: string; challenges: number }>(
      `select f.status::text as status,
              (select count(*)::int from auth.mfa_challenges c where c.factor_id = f.id) as challenges
       from auth.mfa_factors f where f.id = $1`,
      [factor.id],
    );
    expect(rows).toEqual([{ status: 'verified', challenges: 1 }]);
  });

  it("lets an admin list a member's factors and delete one, which ends the member's aal2", async () => {
    const { client } = await signedInMember();
    const factor = await enrollVerified(client);
    const userId = (await client.auth.getUser()).data.user?.id ?? '';
    const admin = server.admin().auth.admin.mfa;
    const listed = await admin.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toEqual([
      expect.objectContaining({ id: factor.id, factor_type: 'totp', status: 'verified' }),
    ]);
    const deleted = await admin.deleteFactor({ userId, id: factor.id });
    expect(deleted.error).toBeNull();
    // auth-js 2.119 hands back its own {data, error} wrapping of the factor GoTrue answers.
    expect(deleted.data).toMatchObject({ data: { id: factor.id, factor_type: 'totp' } });
    expect((await admin.listFactors({ userId })).data?.factors).toEqual([]);
    // The member's session went back to aal1 with the factor gone.
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session?.access_token ?? '')['aal']).toBe('aal1');
    const again = await admin.deleteFactor({ userId, id: factor.id });
    expect(again.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    const stranger = await admin.listFactors({ userId: crypto.randomUUID() });
    expect(stranger.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('refuses admin factor calls without the service role', async () => {
    const { client } = await signedInMember();
    const userId = (await client.auth.getUser()).data.user?.id ?? '';
    const { data } = await client.auth.getSession();
    const response = await fetch(`${server.url}/auth/v1/admin/users/${userId}/factors`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${data.session?.access_token}` },
    });
    expect(response.status).toBe(403);
  });
});

describe('request limits on MFA challenges and verifications (GoTrue: 15 a minute, 30 at once)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      mfaRateLimitPerMinute: 15,
      settings: { auth: { mfa: { totp: { enroll_enabled: true, verify_enabled: true } } } },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers 429 past 30 challenges, and counts verifications in a bucket of their own', async () => {
    const email = uniqueEmail('mfa-limit');
    const password = 'mfa-password-123';
    await server.admin().auth.admin.createUser({ email, password, email_confirm: true });
    const client = server.client();
    await client.auth.signInWithPassword({ email, password });
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    if (!factor) throw new Error('no TOTP enrolment');
    const challenges: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const { data, error } = await client.auth.mfa.challenge({ factorId: factor.id });
      expect(error).toBeNull();
      challenges.push(data?.id ?? '');
    }
    const over = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(over.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(over.error?.message).toBe('Request rate limit reached');
    // Wrong codes spend verifications, not challenges; the 31st verification is refused too.
    for (let i = 0; i < 30; i += 1) {
      const wrong = await client.auth.mfa.verify({
        factorId: factor.id,
        challengeId: challenges[i] ?? '',
        code: '000000' === codeFor(factor.totp.secret) ? '111111' : '000000',
      });
      expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    }
    const refused = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenges[29] ?? '',
      code: codeFor(factor.totp.secret),
    });
    expect(refused.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });
});

describe('second factors switched off or out of reach', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      settings: {
        auth: {
          enable_anonymous_sign_ins: true,
          mfa: { totp: { enroll_enabled: false, verify_enabled: false } },
        },
      },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('refuses enrolment when [auth.mfa.totp] is off, and phone factors always', async () => {
    const client = server.client();
    await client.auth.signInWithPassword({
      email: 'member@example.com',
      password: 'polyglot-demo-2026',
    });
    const totp = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(totp.error).toMatchObject({ status: 422, code: 'mfa_totp_enroll_not_enabled' });
    expect(totp.error?.message).toBe('MFA enroll is disabled for TOTP');
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
  });

  it('refuses factors to anonymous users', async () => {
    const client = server.client();
    expect((await client.auth.signInAnonymously()).error).toBeNull();
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(error).toMatchObject({ status: 403, code: 'no_authorization' });
  });
});
