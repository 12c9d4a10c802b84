// Finding 6 of issue 8: sign-up, password sign-in, recovery and e-mail sign-in answer the same for an
// address with an account (of every kind: member, other member, suspended member, moderator, admin)
// as for an address without one: the same status, code and shape, and the same limits once the
// e-mail budget is spent or a request is repeated. Timing is measured in bench/backend/signin-load.mjs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  addSuspendedMember,
  authFetchFrom,
  credentialsOf,
  signedInRoles,
  type SignedInRole,
} from './auth-support.ts';

/** A value's shape: keys kept, leaves replaced by their kind (timestamps by their format). */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));
  }
  if (typeof value !== 'string') return typeof value;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)) return 'uuid';
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value)) return 'iso time';
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/.test(value)) return 'postgres time';
  if (value.includes('@')) return 'address';
  return value === '' ? 'empty' : 'text';
}

const unknownAddress = (role: SignedInRole, what: string) => `nobody-${what}-${role}@example.com`;
const ipOf = (role: SignedInRole, what: number) =>
  `127.0.${30 + what}.${2 + signedInRoles.indexOf(role)}`;

describe('answers for addresses with and without an account', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Confirmations on (the product's setting), the CLI's max_frequency of 60 s between e-mails.
    server = await startTestServer({
      settings: { auth: { email: { enable_confirmations: true, max_frequency: '60s' } } },
    });
    await addSuspendedMember(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each(signedInRoles)('sign-up answers alike, to the shape (%s)', async (role) => {
    const known = credentialsOf(role).email;
    const unknown = unknownAddress(role, 'signup');
    const body = (email: string) =>
      JSON.stringify({ email, password: 'a-new-password-9', data: { locale: 'de' } });
    const a = await authFetchFrom(ipOf(role, 0), server, '/signup', { body: body(known) });
    const b = await authFetchFrom(ipOf(role, 0), server, '/signup', { body: body(unknown) });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(shapeOf(a.body)).toEqual(shapeOf(b.body));
    expect(a.body['user_metadata']).toEqual({ locale: 'de' });
    // The known member got nothing; the new address its confirmation.
    expect(await server.messages(known)).toEqual([]);
    expect(await server.messages(unknown)).toHaveLength(1);

    // Asked again at once: both meet max_frequency the same way.
    const again = [
      await authFetchFrom(ipOf(role, 0), server, '/signup', { body: body(known) }),
      await authFetchFrom(ipOf(role, 0), server, '/signup', { body: body(unknown) }),
    ];
    expect(again.map((answer) => [answer.status, answer.body['code']])).toEqual([
      [429, 'over_email_send_rate_limit'],
      [429, 'over_email_send_rate_limit'],
    ]);
  });

  it.each(signedInRoles)(
    'a wrong password answers as an unknown address does (%s)',
    async (role) => {
      const wrong = JSON.stringify({ email: credentialsOf(role).email, password: 'not-it-at-all' });
      const none = JSON.stringify({ email: unknownAddress(role, 'signin'), password: 'not-it' });
      const path = '/token?grant_type=password';
      const a = await authFetchFrom(ipOf(role, 1), server, path, { body: wrong });
      const b = await authFetchFrom(ipOf(role, 1), server, path, { body: none });
      expect([a.status, a.body]).toEqual([b.status, b.body]);
      expect(a.body['code']).toBe('invalid_credentials');
    },
  );

  // As the sign-in dialog asks (create_user left on): a known address gets its link, an unknown one
  // the confirmation that makes its account. `create_user: false` tells them apart (422 otp_disabled
  // for an unknown address, as GoTrue answers), which is why the dialog never sends it.
  it.each(signedInRoles)(
    'e-mail sign-in as the dialog asks for it answers alike and repeats alike (%s)',
    async (role) => {
      const body = (email: string) => JSON.stringify({ email, data: { locale: 'en' } });
      const known = credentialsOf(role).email;
      const unknown = unknownAddress(role, 'otp');
      const first = [
        await authFetchFrom(ipOf(role, 2), server, '/otp', { body: body(known) }),
        await authFetchFrom(ipOf(role, 2), server, '/otp', { body: body(unknown) }),
      ];
      expect(first.map((answer) => [answer.status, answer.body])).toEqual([
        [200, {}],
        [200, {}],
      ]);
      expect(await server.messages(known)).toHaveLength(1);
      expect(await server.messages(unknown)).toHaveLength(1);
      const again = [
        await authFetchFrom(ipOf(role, 2), server, '/otp', { body: body(known) }),
        await authFetchFrom(ipOf(role, 2), server, '/otp', { body: body(unknown) }),
      ];
      expect(again[0]?.status).toBe(429);
      expect([again[1]?.status, again[1]?.body['code']]).toEqual([
        again[0]?.status,
        again[0]?.body['code'],
      ]);
    },
  );
});

describe('answers once the e-mail budget is spent', () => {
  let server: TestServer;

  beforeAll(async () => {
    // 6 e-mails an hour: 1 per address, 2 per IP, 6 for the project.
    server = await startTestServer({
      settings: {
        auth: {
          rate_limit: { email_sent: 6 },
          email: { enable_confirmations: true, max_frequency: '0s' },
        },
      },
    });
    await addSuspendedMember(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('spends it on unknown addresses too, so recovery answers 429 for everyone alike', async () => {
    for (let i = 0; i < 6; i++) {
      const email = `spend-${i}@example.com`;
      const answer = await authFetchFrom(`127.0.40.${i + 1}`, server, '/recover', {
        body: JSON.stringify({ email }),
      });
      expect(answer.status).toBe(200);
    }
    for (const role of signedInRoles) {
      const ip = `127.0.41.${2 + signedInRoles.indexOf(role)}`;
      const known = await authFetchFrom(ip, server, '/recover', {
        body: JSON.stringify({ email: credentialsOf(role).email }),
      });
      const signUp = await authFetchFrom(ip, server, '/signup', {
        body: JSON.stringify({ email: credentialsOf(role).email, password: 'a-new-password-9' }),
      });
      const unknown = await authFetchFrom(
        `127.0.42.${2 + signedInRoles.indexOf(role)}`,
        server,
        '/signup',
        {
          body: JSON.stringify({
            email: unknownAddress(role, 'budget'),
            password: 'a-new-password-9',
          }),
        },
      );
      for (const answer of [known, signUp, unknown]) {
        expect([answer.status, answer.body['code']]).toEqual([429, 'over_email_send_rate_limit']);
      }
    }
  });
});
