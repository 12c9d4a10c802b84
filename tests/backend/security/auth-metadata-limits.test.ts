// Finding 10 of issue 8: metadata that Postgres cannot store or that no token can carry is refused
// with a 4xx and a clear code, and the account stays usable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  addSuspendedMember,
  authFetch,
  credentialsOf,
  signedInRoles,
  signInAs,
} from './auth-support.ts';

function nested(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

describe('metadata the backend cannot keep', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await addSuspendedMember(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('refuses a lone surrogate in sign-up metadata with 400 validation_failed (anonymous)', async () => {
    const body =
      '{"email":"surrogate@example.test","password":"a-long-password","data":{"name":"a\\udc00b"}}';
    const response = await authFetch(server, '/signup', { body });
    expect(response.status).toBe(400);
    expect(response.body['code']).toBe('validation_failed');
    expect(String(response.body['message'])).toMatch(/surrogate/);
    // Nothing half-made: the address can still sign up with valid metadata.
    const retry = await server.client().auth.signUp({
      email: 'surrogate@example.test',
      password: 'a-long-password',
      options: { data: { name: 'a\ufffdb' } },
    });
    expect(retry.error).toBeNull();
  });

  it.each(signedInRoles)(
    'refuses metadata nested 5,000 levels deep and a 900 KB profile, and keeps the account (%s)',
    async (role) => {
      const { accessToken } = await signInAs(server, role);
      const deep = await authFetch(server, '/user', {
        method: 'PUT',
        bearer: accessToken,
        body: `{"data":${nested(5000)}}`,
      });
      expect(deep.status).toBe(400);
      expect(deep.body['code']).toBe('validation_failed');
      expect(String(deep.body['message'])).toMatch(/nested more than 32 levels/);

      const lone = await authFetch(server, '/user', {
        method: 'PUT',
        bearer: accessToken,
        body: '{"data":{"bio":"\\ud800"}}',
      });
      expect(lone.status).toBe(400);
      expect(lone.body['code']).toBe('validation_failed');

      const huge = await authFetch(server, '/user', {
        method: 'PUT',
        bearer: accessToken,
        body: JSON.stringify({ data: { bio: 'x'.repeat(900_000) } }),
      });
      expect(huge.status).toBe(400);
      expect(huge.body['code']).toBe('validation_failed');
      expect(String(huge.body['message'])).toMatch(
        /user_metadata is \d+ bytes; it may be at most 8192/,
      );

      // A profile of ordinary depth and size still saves, and the member can sign in again.
      const fine = await authFetch(server, '/user', {
        method: 'PUT',
        bearer: accessToken,
        body: JSON.stringify({ data: { nested: JSON.parse(nested(20)) as unknown, bio: 'ok' } }),
      });
      expect(fine.status).toBe(200);
      const again = await server.client().auth.signInWithPassword(credentialsOf(role));
      expect(again.error).toBeNull();
      expect(again.data.user?.user_metadata['bio']).toBe('ok');
    },
  );

  it('refuses oversized app_metadata from the admin API as well', async () => {
    const { data } = await server.admin().auth.admin.listUsers();
    const user = data.users[0];
    const { error } = await server
      .admin()
      .auth.admin.updateUserById(user?.id ?? '', { app_metadata: { blob: 'y'.repeat(10_000) } });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
  });
});
