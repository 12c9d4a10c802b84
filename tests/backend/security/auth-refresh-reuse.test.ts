// Finding 5 of issue 8: a refresh token used again after the reuse interval ends its whole session at
// once; the newest token of the family must not keep refreshing while the revocation is fresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addSuspendedMember, authFetch, signedInRoles, signInAs } from './auth-support.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('refresh token reuse', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ settings: { auth: { refresh_token_reuse_interval: 1 } } });
    await addSuspendedMember(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  const refresh = (token: string) =>
    authFetch(server, '/token?grant_type=refresh_token', {
      body: JSON.stringify({ refresh_token: token }),
    });

  it.each(signedInRoles)(
    'revokes every token of the session when an old one comes back (%s)',
    async (role) => {
      const { refreshToken: first } = await signInAs(server, role);
      const second = await refresh(first);
      expect(second.status).toBe(200);
      const third = await refresh(String(second.body['refresh_token']));
      expect(third.status).toBe(200);
      const newest = String(third.body['refresh_token']);
      // Two tabs refreshing at once within the interval still both get a session.
      const twin = await refresh(String(second.body['refresh_token']));
      expect(twin.status).toBe(200);

      await sleep(1200);
      const stolen = await refresh(first);
      expect(stolen.status).toBe(400);
      expect(stolen.body['code']).toBe('refresh_token_already_used');
      // At once, nothing of the family refreshes: neither the newest token nor the one before.
      for (const token of [
        newest,
        String(twin.body['refresh_token']),
        String(second.body['refresh_token']),
      ]) {
        const after = await refresh(token);
        expect(after.status).toBe(400);
        expect(after.body['code']).toBe('refresh_token_already_used');
      }
      // The person signs in again and carries on.
      expect((await signInAs(server, role)).refreshToken).not.toBe(newest);
    },
  );
});
