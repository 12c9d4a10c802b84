// Errors as the real clients report them, from the real local backend, mapped to message keys.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../src/islands/shared/client';
import { errorKey } from '../../src/islands/shared/error-keys';
import { uniqueEmail } from '../backend/helpers/mail';
import { startTestServer, type TestServer } from '../backend/helpers/server';
import { demoSecondFactors, totpCode } from '../backend/helpers/second-factor';
import { memoryStorage } from './helpers/memory-storage';

const demoPassword = 'polyglot-demo-2026';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

function authClient(url = server.url) {
  return createAuthClient(
    { url, anonKey: server.anonKey, storageKey: 'sb-test-auth-token' },
    memoryStorage(),
  );
}

describe('errorKey', () => {
  it('names a wrong password by its code, not by the server’s English text', async () => {
    const { error } = await authClient().signInWithPassword({
      email: 'member@example.com',
      password: 'not-the-password',
    });
    expect(errorKey(error)).toBe('errors.invalidCredentials');
  });

  it('tells a member that the new address of an e-mail change is taken', async () => {
    const auth = authClient();
    await auth.signInWithPassword({ email: 'member@example.com', password: demoPassword });
    const { error } = await auth.updateUser({ email: 'second@example.com' });
    expect(errorKey(error)).toBe('errors.userAlreadyExists');
  });

  it('reports a too-short password as weak', async () => {
    const { error } = await authClient().signUp({ email: uniqueEmail(), password: 'short' });
    expect(errorKey(error)).toBe('errors.weakPassword');
  });

  it('reports an unconfirmed address on sign-in', async () => {
    const email = uniqueEmail();
    await authClient().signUp({ email, password: 'a-long-enough-password' });
    const { error } = await authClient().signInWithPassword({
      email,
      password: 'a-long-enough-password',
    });
    expect(errorKey(error)).toBe('errors.emailNotConfirmed');
  });

  it('reports a wrong or used e-mail code as expired', async () => {
    const { error } = await authClient().verifyOtp({
      email: 'member@example.com',
      token: '000000',
      type: 'email',
    });
    expect(errorKey(error)).toBe('errors.otpExpired');
  });

  it('reports an unreachable server as offline', async () => {
    const { error } = await authClient('http://127.0.0.1:9').signInWithPassword({
      email: 'member@example.com',
      password: demoPassword,
    });
    expect(errorKey(error)).toBe('errors.offline');
  });

  it('tells a sign-in that waited past the server’s bound (504 request_timeout) it is busy', async () => {
    // The backend's answer to a sign-in that waited its 10 s for a hashing turn (GoTrue's shape);
    // password-hashing.test.ts makes the backend give it.
    const busy = createServer((_request, response) => {
      response.writeHead(504, {
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      });
      response.end(
        JSON.stringify({
          code: 'request_timeout',
          message: 'Processing this request timed out, please retry after a moment.',
        }),
      );
    });
    busy.listen(0, '127.0.0.1');
    await once(busy, 'listening');
    try {
      const { port } = busy.address() as AddressInfo;
      const { error } = await authClient(`http://127.0.0.1:${port}`).signInWithPassword({
        email: 'member@example.com',
        password: demoPassword,
      });
      expect(errorKey(error)).toBe('errors.busy');
    } finally {
      busy.close();
    }
  });

  it('maps a database function’s key (not_allowed) from PostgREST', async () => {
    const client = server.client();
    const { data } = await client.auth.signInWithPassword({
      email: 'member@example.com',
      password: demoPassword,
    });
    const { error } = await client.rpc('set_role', {
      user_id: data.user?.id ?? '',
      role: 'moderator',
    });
    expect(errorKey(error)).toBe('errors.notAllowed');
  });

  it('asks a moderator signed in with a password alone for the second factor', async () => {
    const client = server.client();
    await client.auth.signInWithPassword({
      email: 'moderator@example.com',
      password: demoPassword,
    });
    const { error } = await client.rpc('hide_comment', {
      comment_id: '5eedc000-0000-4000-8000-000000000003',
    });
    expect(errorKey(error)).toBe('errors.secondFactorRequired');
    const wrong = await client.auth.mfa.challengeAndVerify({
      factorId: demoSecondFactors.moderator.factorId,
      code: totpCode(demoSecondFactors.moderator.secret) === '000000' ? '111111' : '000000',
    });
    expect(errorKey(wrong.error)).toBe('errors.mfaCode');
  });

  it('maps the passkey ceremony’s failures by their codes', async () => {
    const { error } = await authClient().passkey.verifyAuthentication({
      challengeId: '00000000-0000-4000-8000-000000000000',
      credential: { id: 'x', rawId: 'x', type: 'public-key', response: {} } as never,
    });
    expect(errorKey(error)).toBe('errors.passkeyCancelled');
    // auth-js's WebAuthnError for a dialog the person closed, and for a key already registered.
    const closed = {
      __isWebAuthnError: true,
      name: 'NotAllowedError',
      code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
    };
    expect(errorKey(closed)).toBe('errors.passkeyCancelled');
    const twice = {
      __isWebAuthnError: true,
      name: 'InvalidStateError',
      code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
    };
    expect(errorKey(twice)).toBe('errors.passkeyExists');
  });

  it('maps a broken check constraint to the rule the person broke', async () => {
    const client = server.client();
    const { data } = await client.auth.signInWithPassword({
      email: 'member@example.com',
      password: demoPassword,
    });
    const { error } = await client
      .from('profiles')
      .update({ display_name: 'x'.repeat(41) })
      .eq('id', data.user?.id ?? '');
    expect(errorKey(error)).toBe('errors.displayNameLength');
  });

  it('maps a rejected avatar by storage’s status', async () => {
    const client = server.client();
    const { data } = await client.auth.signInWithPassword({
      email: 'member@example.com',
      password: demoPassword,
    });
    const { error } = await client.storage
      .from('avatars')
      .upload(`${data.user?.id ?? ''}/avatar.gif`, new Blob(['GIF89a'], { type: 'image/gif' }));
    expect(errorKey(error)).toBe('errors.fileType');
  });

  it('maps the auth server’s refusals of e-mail sign-up and of SAML switched off', async () => {
    const { error } = await authClient().signInWithOtp({
      email: uniqueEmail('no-account'),
      options: { shouldCreateUser: false },
    });
    expect(errorKey(error)).toBe('errors.signupDisabled');
    // What auth-js reports for /sso on a project with [auth.saml] off (backend: settings.test).
    const off = { name: 'AuthApiError', status: 404, code: 'saml_provider_disabled' };
    expect(errorKey(off)).toBe('errors.ssoUnavailable');
  });

  it('falls back to the generic message for codes it does not know', () => {
    expect(errorKey({ code: 'something_new', message: 'Something new' })).toBe('errors.generic');
    expect(errorKey('a string')).toBe('errors.generic');
  });

  it('recognises database keys raised by our functions', () => {
    expect(errorKey({ code: 'P0001', message: 'rate_limited', hint: 'per_minute' })).toBe(
      'errors.rateLimited',
    );
    expect(errorKey({ code: 'P0001', message: 'suspended' })).toBe('errors.suspended');
    expect(errorKey({ code: '42501', message: 'not_allowed' })).toBe('errors.notAllowed');
  });
});
