// Anonymous sign-ins (`[auth] enable_anonymous_sign_ins`) through supabase-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

function claimsOf(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
}

describe('anonymous sign-ins', () => {
  let on: TestServer;
  let off: TestServer;

  beforeAll(async () => {
    on = await startTestServer({ settings: { auth: { enable_anonymous_sign_ins: true } } });
    off = await startTestServer();
  });
  afterAll(async () => {
    await on.stop();
    await off.stop();
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
});
