// A password sign-in looks the user up once: the statement that starts the session answers the user
// as it wrote it (RETURNING), and that answer is the one a fresh read gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const MEMBER = { email: 'member@example.com', password: 'polyglot-demo-2026' };

describe('password sign-in reads auth.users once', () => {
  let server: TestServer;

  /** Scans of auth.users so far (sequential and index), from Postgres's statistics. */
  async function userScans(): Promise<number> {
    await server.server.db.query('select pg_stat_force_next_flush()');
    const { rows } = await server.server.db.query<{ scans: number }>(
      `select (seq_scan + idx_scan)::int as scans from pg_stat_user_tables
       where relid = 'auth.users'::regclass`,
    );
    return rows[0]?.scans ?? Number.NaN;
  }

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('scans auth.users three times: the lookup by address, the update and the session key check', async () => {
    const before = await userScans();
    const { error } = await server.client().auth.signInWithPassword(MEMBER);
    expect(error).toBeNull();
    // Reading the row back by id after writing the session would be a fourth.
    expect((await userScans()) - before).toBe(3);
  });

  it('answers the user as a fresh read gives it: last sign-in on the user and its identity, amr', async () => {
    const client = server.client();
    const { data, error } = await client.auth.signInWithPassword(MEMBER);
    expect(error).toBeNull();
    const fresh = await client.auth.getUser();
    expect(fresh.error).toBeNull();
    expect(data.user).toEqual(fresh.data.user);
    const { rows } = await server.server.db.query<{ user_at: Date; identity_at: Date }>(
      `select u.last_sign_in_at as user_at, i.last_sign_in_at as identity_at
       from auth.users u join auth.identities i on i.user_id = u.id and i.provider = 'email'
       where u.email = $1`,
      [MEMBER.email],
    );
    const row = rows[0];
    expect(data.user?.last_sign_in_at).toBe(row?.user_at.toISOString());
    expect(Date.parse(data.user?.identities?.[0]?.last_sign_in_at ?? '')).toBe(
      row?.identity_at.getTime(),
    );
    const [, payload] = (data.session?.access_token ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as {
      amr: { method: string; timestamp: number }[];
      aal: string;
    };
    expect(claims.aal).toBe('aal1');
    expect(claims.amr.map((claim) => claim.method)).toEqual(['password']);
    // The claim is written with the same now() as the user's last sign-in (whole seconds).
    const signedInAt = (row?.user_at.getTime() ?? 0) / 1000;
    expect(Math.abs((claims.amr[0]?.timestamp ?? 0) - signedInAt)).toBeLessThanOrEqual(1);
  });
});
