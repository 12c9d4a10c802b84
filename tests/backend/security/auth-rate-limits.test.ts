// Finding 3 of issue 8: password and code guessing meet config.toml's `[auth.rate_limit]` per client
// IP, as GoTrue applies it (a bucket of 30 that refills at the configured number per five minutes),
// with 429 over_request_rate_limit; and a code stops working after a few wrong tries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMessage, codeFrom } from '../helpers/mail.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  addSuspendedMember,
  authFetchFrom,
  credentialsOf,
  roles,
  signInAs,
  tally,
  type Role,
} from './auth-support.ts';

/**
 * Slow refill (3 per five minutes: one per 100 s) so that counts are exact whatever the machine's
 * speed; the bucket holds 30 whatever the rate, as in GoTrue.
 */
const CONFIGURED = {
  sign_in_sign_ups: 3,
  token_refresh: 3,
  token_verifications: 3,
  anonymous_users: 30,
  email_sent: 1000,
};

/** One loopback address per role, so each role starts with a full bucket. */
const ipOf = (role: Role, offset = 0) => `127.0.0.${2 + roles.indexOf(role) + offset * 10}`;

function emailOf(role: Role): string {
  return role === 'anonymous' ? 'nobody-here@example.test' : credentialsOf(role).email;
}

describe('brute-force limits', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      settings: {
        // Anonymous sign-ins on: GoTrue refuses them before any limit when they are off.
        auth: {
          enable_anonymous_sign_ins: true,
          rate_limit: CONFIGURED,
          email: { max_frequency: '0s' },
        },
      },
    });
    await addSuspendedMember(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each(roles)(
    'answers password tries past the burst of 30 with 429 over_request_rate_limit, right password or not (%s)',
    async (role) => {
      const ip = ipOf(role);
      const session = role === 'anonymous' ? null : await signInAs(server, role);
      const body = JSON.stringify({ email: emailOf(role), password: 'wrong-password' });
      // Tries one after another until the first 429 (the bucket refills by one every 2 s meanwhile).
      const answers = [];
      const began = Date.now();
      while (answers.length < 200 && answers.at(-1)?.status !== 429) {
        answers.push(await authFetchFrom(ip, server, '/token?grant_type=password', { body }));
      }
      const refilled = ((Date.now() - began) / 1000) * (CONFIGURED.token_refresh / 300);
      const counts = tally(answers);
      expect(counts['over_request_rate_limit']).toBe(1);
      expect(counts['invalid_credentials']).toBeGreaterThanOrEqual(30);
      expect(counts['invalid_credentials']).toBeLessThanOrEqual(30 + Math.ceil(refilled));
      const limited = answers.at(-1);
      expect(limited?.status).toBe(429);
      expect(limited?.body['message']).toBe('Request rate limit reached');
      // The right password waits too, and so does refreshing a session (one /token bucket, as GoTrue).
      if (role !== 'anonymous') {
        const right = await authFetchFrom(ip, server, '/token?grant_type=password', {
          body: JSON.stringify(credentialsOf(role)),
        });
        expect(right.body['code']).toBe('over_request_rate_limit');
        const refresh = await authFetchFrom(ip, server, '/token?grant_type=refresh_token', {
          body: JSON.stringify({ refresh_token: session?.refreshToken }),
        });
        expect(refresh.body['code']).toBe('over_request_rate_limit');
        // Another computer is not affected.
        const elsewhere = await authFetchFrom(ipOf(role, 1), server, '/token?grant_type=password', {
          body: JSON.stringify(credentialsOf(role)),
        });
        expect(elsewhere.status).toBe(200);
      }
    },
  );

  it('limits 40 wrong codes sent in parallel to 30 answers, then 429', async () => {
    const email = credentialsOf('member').email;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        authFetchFrom('127.0.0.40', server, '/verify', {
          body: JSON.stringify({ type: 'email', email, token: String(100000 + i) }),
        }),
      ),
    );
    const counts = tally(answers);
    expect(counts['over_request_rate_limit']).toBe(10);
    expect(counts['otp_expired']).toBe(30);
  });

  it.each(roles.filter((role) => role !== 'anonymous'))(
    'withdraws the e-mailed code after 5 wrong tries, even from 5 different computers (%s)',
    async (role) => {
      const email = emailOf(role);
      const sent = await authFetchFrom(ipOf(role, 2), server, '/otp', {
        body: JSON.stringify({ email, create_user: false }),
      });
      expect(sent.status).toBe(200);
      const code = codeFrom(await latestMessage(server, email));
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 5; i++) {
        const guess = await authFetchFrom(
          `127.0.${100 + i}.${roles.indexOf(role)}`,
          server,
          '/verify',
          {
            body: JSON.stringify({ type: 'email', email, token: wrong }),
          },
        );
        expect(guess.body['code']).toBe('otp_expired');
      }
      const right = await authFetchFrom(ipOf(role, 2), server, '/verify', {
        body: JSON.stringify({ type: 'email', email, token: code }),
      });
      expect(right.status).toBe(403);
      expect(right.body['code']).toBe('otp_expired');
      // A new code works (the count starts again with each e-mail).
      await authFetchFrom(ipOf(role, 2), server, '/otp', {
        body: JSON.stringify({ email, create_user: false }),
      });
      const fresh = codeFrom(await latestMessage(server, email));
      const ok = await authFetchFrom(ipOf(role, 2), server, '/verify', {
        body: JSON.stringify({ type: 'email', email, token: fresh }),
      });
      expect(ok.status).toBe(200);
    },
  );

  it.each([
    ['/signup', { email: 'limit@example.test', password: 'a-long-password' }],
    ['/otp', { email: 'limit@example.test' }],
    ['/recover', { email: 'limit@example.test' }],
    ['/resend', { type: 'signup', email: 'limit@example.test' }],
  ])('counts %s against sign_in_sign_ups (30 per IP in a burst)', async (path, payload) => {
    const ip = `127.0.1.${['/signup', '/otp', '/recover', '/resend'].indexOf(path) + 1}`;
    const answers = [];
    const began = Date.now();
    while (answers.length < 100 && answers.at(-1)?.status !== 429) {
      answers.push(await authFetchFrom(ip, server, path, { body: JSON.stringify(payload) }));
    }
    // 30 at once, plus one per 10 s of the run (30 per five minutes).
    const refilled = ((Date.now() - began) / 1000) * (CONFIGURED.sign_in_sign_ups / 300);
    expect(answers.length).toBeGreaterThan(30);
    expect(answers.length).toBeLessThanOrEqual(31 + Math.ceil(refilled));
    expect(answers.at(-1)?.body['code']).toBe('over_request_rate_limit');
  });

  it('counts an anonymous sign-up (no address) against anonymous_users', async () => {
    const answers = [];
    for (let i = 0; i < 31; i++) {
      answers.push(
        await authFetchFrom('127.0.2.1', server, '/signup', { body: JSON.stringify({}) }),
      );
    }
    expect(answers[29]?.status).not.toBe(429);
    expect(answers[30]?.body['code']).toBe('over_request_rate_limit');
  });
});
