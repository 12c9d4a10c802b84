// Finding 4 of issue 8: an e-mail link's redirect_to may send the browser only where the project
// allows, matched on the parsed URL (scheme, host, port, path), never to a host behind a user name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addSuspendedMember, authFetch, credentialsOf, roles, type Role } from './auth-support.ts';

const SITE = 'http://localhost:4321';

const HOSTILE = [
  'http://localhost:x@16843009/',
  'http://localhost:x@1.1.1.1/',
  'http://localhost:@evil.test/',
  'http://localhost:4321@evil.test/',
  'http://127.0.0.1:1@[::1]/',
  'http://localhost:*@evil.test/',
  'http://user:pass@localhost:4321/',
  'http://[::1]:4321/',
  'http://evil.test/localhost:4321/',
  'http://localhost.evil.test:4321/',
  'javascript:alert(1)//localhost:4321/',
];

const ALLOWED = [
  'http://localhost:4321/en/account/',
  'http://127.0.0.1:51234/de/',
  'http://localhost:9999/fr/account/?next=1',
];

/** Where the browser lands after following a magic link that asked for `redirectTo`. */
async function landing(server: TestServer, role: Role, redirectTo: string): Promise<string> {
  const email = role === 'anonymous' ? 'newcomer@example.test' : credentialsOf(role).email;
  const { data, error } = await server.admin().auth.admin.generateLink({
    type: 'magiclink',
    email,
    options: { redirectTo },
  });
  if (error) throw error;
  const response = await authFetch(
    server,
    `/verify?token=${data.properties.hashed_token}&type=magiclink&redirect_to=${encodeURIComponent(redirectTo)}`,
    { method: 'GET' },
  );
  expect(response.status).toBe(303);
  return response.headers.get('location') ?? '';
}

describe('redirects after e-mail links', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await addSuspendedMember(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each(roles)(
    'never sends the browser to a host the project does not allow (%s)',
    async (role) => {
      for (const target of HOSTILE) {
        const location = await landing(server, role, target);
        expect(location, target).toMatch(new RegExp(`^${SITE}[#?/]`));
      }
    },
  );

  it.each(roles)('still follows allowed loopback and site URLs (%s)', async (role) => {
    for (const target of ALLOWED) {
      const location = await landing(server, role, target);
      expect(location.startsWith(`${target}#access_token=`), location).toBe(true);
    }
  });
});
