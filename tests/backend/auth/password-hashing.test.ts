// Passwords are bcrypt cost 10 hashes that GoTrue and pgcrypto read as their own, and hashing is
// bounded: a burst of sign-ins waits its turn; one that waits past the bound gets GoTrue's 504
// request_timeout, and when more wait than the queue holds, the extra ones get GoTrue's 429 at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { demoPassword, demoUsers } from '../rls/demo.ts';

async function storedHash(server: TestServer, email: string): Promise<string> {
  const { rows } = await server.server.db.query<{ hash: string }>(
    'select encrypted_password as hash from auth.users where email = $1',
    [email],
  );
  return rows[0]?.hash ?? '';
}

describe('password hashes', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      settings: { auth: { email: { enable_confirmations: false } } },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('stores a new password as a cost-10 bcrypt hash that pgcrypto crypt() verifies', async () => {
    const email = 'hash-check@example.test';
    const { error } = await server.client().auth.signUp({ email, password: 'a-fresh-password-1' });
    expect(error).toBeNull();
    const hash = await storedHash(server, email);
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    const { rows } = await server.server.db.query<{ right: boolean; wrong: boolean }>(
      `select extensions.crypt($2, $1) = $1 as right, extensions.crypt('not-it', $1) = $1 as wrong`,
      [hash, 'a-fresh-password-1'],
    );
    expect(rows[0]).toEqual({ right: true, wrong: false });
  });

  it('signs in with a hash pgcrypto made (as the seed and a GoTrue database hold them)', async () => {
    const email = 'made-by-pgcrypto@example.test';
    const { data } = await server.admin().auth.admin.createUser({
      email,
      password: 'replaced-below-1',
      email_confirm: true,
    });
    await server.server.db.query(
      `update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', 10))
       where id = $1`,
      [data.user?.id, 'set-by-pgcrypto-1'],
    );
    const client = server.client();
    const right = await client.auth.signInWithPassword({ email, password: 'set-by-pgcrypto-1' });
    expect(right.error).toBeNull();
    expect(right.data.user?.email).toBe(email);
    const wrong = await client.auth.signInWithPassword({ email, password: 'replaced-below-1' });
    expect(wrong.error?.code).toBe('invalid_credentials');
  });

  it('still accepts the $2b$ hashes earlier versions of this backend wrote', async () => {
    // bcryptjs wrote $2b$ before hashing moved to the thread pool; such members must still get in.
    const email = 'old-hash@example.test';
    const { data } = await server.admin().auth.admin.createUser({
      email,
      password: 'old-password-1',
      email_confirm: true,
    });
    const hash = await storedHash(server, email);
    await server.server.db.query('update auth.users set encrypted_password = $2 where id = $1', [
      data.user?.id,
      hash.replace(/^\$2a\$/, '$2b$'),
    ]);
    const { error } = await server
      .client()
      .auth.signInWithPassword({ email, password: 'old-password-1' });
    expect(error).toBeNull();
  });
});

describe('more sign-ins at once than the hashing queue holds', () => {
  let server: TestServer;

  beforeAll(async () => {
    // One bcrypt at a time and two waiting, so a burst of twelve must overflow.
    server = await startTestServer({ passwordHashing: { concurrency: 1, maxQueued: 2 } });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers the overflow 429 over_request_rate_limit at once and serves the rest', async () => {
    const credentials = { email: demoUsers.member.email, password: demoPassword };
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () => server.client().auth.signInWithPassword(credentials)),
    );
    const signedIn = attempts.filter((attempt) => attempt.error === null);
    const refused = attempts.flatMap((attempt) => (attempt.error ? [attempt.error] : []));
    expect(signedIn.length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) {
      expect([error.status, error.code]).toEqual([429, 'over_request_rate_limit']);
    }
    // The queue drains: the next sign-in gets through.
    const after = await server.client().auth.signInWithPassword(credentials);
    expect(after.error).toBeNull();
  });

  it('refuses a wrong password just as an unknown address, with the same answer', async () => {
    const client = server.client();
    const wrong = await client.auth.signInWithPassword({
      email: demoUsers.member.email,
      password: 'not-the-password',
    });
    const unknown = await client.auth.signInWithPassword({
      email: 'nobody-at-all@example.test',
      password: 'not-the-password',
    });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(unknown.error?.code).toBe('invalid_credentials');
    expect(unknown.error?.message).toBe(wrong.error?.message);
    expect(unknown.error?.status).toBe(wrong.error?.status);
  });
});

describe('a burst of sign-ins', () => {
  let server: TestServer;

  beforeAll(async () => {
    // One bcrypt at a time and the default line; the wait bound raised far above what a loaded
    // machine needs for the burst, so that what is checked is the queueing, not the machine's speed.
    server = await startTestServer({ passwordHashing: { concurrency: 1, maxWaitMs: 300_000 } });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is queued, not refused: twenty-four at once all sign in', async () => {
    // Before, sixteen waiting was the bound and the rest got 429 over_request_rate_limit.
    const credentials = { email: demoUsers.member.email, password: demoPassword };
    const attempts = await Promise.all(
      Array.from({ length: 24 }, () => server.client().auth.signInWithPassword(credentials)),
    );
    expect(attempts.map((attempt) => attempt.error)).toEqual(attempts.map(() => null));
    expect(new Set(attempts.map((attempt) => attempt.data.session?.access_token)).size).toBe(24);
  });
});

describe('a sign-in that waits past the bound', () => {
  let server: TestServer;

  beforeAll(async () => {
    // One bcrypt at a time, and a wait of 1 ms: a comparison takes far longer, so whoever waits
    // behind one is past the bound.
    server = await startTestServer({ passwordHashing: { concurrency: 1, maxWaitMs: 1 } });
  });
  afterAll(async () => {
    await server.stop();
  });

  it("is answered GoTrue's 504 request_timeout, and the line moves on", async () => {
    const send = () =>
      fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          apikey: server.anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify({ email: demoUsers.member.email, password: demoPassword }),
      });
    const answers = await Promise.all(Array.from({ length: 4 }, send));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status).toBe(504);
      expect(answer.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(await answer.json()).toEqual({
        code: 'request_timeout',
        message: 'Processing this request timed out, please retry after a moment.',
      });
    }
    // supabase-js reports it as a retryable failure with the status (auth-js drops a 5xx's code).
    const burst = await Promise.all(
      Array.from({ length: 3 }, () =>
        server
          .client()
          .auth.signInWithPassword({ email: demoUsers.member.email, password: demoPassword }),
      ),
    );
    const timedOut = burst.flatMap((attempt) => (attempt.error ? [attempt.error] : []));
    expect(timedOut.length).toBeGreaterThan(0);
    for (const error of timedOut)
      expect([error.name, error.status]).toEqual(['AuthRetryableFetchError', 504]);
    // Nothing is left waiting: the next sign-in alone gets through.
    expect((await send()).status).toBe(200);
  });
});
