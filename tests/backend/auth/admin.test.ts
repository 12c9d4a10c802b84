// The admin API as GoTrue runs it: pagination checked, and callers with either admin role.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { uniqueEmail } from '../helpers/mail.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('the auth admin API through supabase-js', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  async function tokenWithRole(role: string): Promise<string> {
    return new SignJWT({ role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(server.server.keys.jwtSecret));
  }

  /** The project's anon key for the gateway, the token as bearer (as a server would call). */
  function clientWith(token: string) {
    return createClient(server.url, server.anonKey, {
      global: { headers: { Authorization: `Bearer ${token}` } },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }

  it('refuses a negative page or a zero page size with Bad Pagination Parameters', async () => {
    const admin = server.admin().auth.admin;
    const negative = await admin.listUsers({ page: -1, perPage: 10 });
    expect(negative.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(negative.error?.message).toBe(
      'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax',
    );
    const zero = await admin.listUsers({ page: 1, perPage: 0 });
    expect(zero.error?.message).toBe('Bad Pagination Parameters: per_page must be greater than 0');
  });

  it('pages through users with the total and the last page', async () => {
    const admin = server.admin().auth.admin;
    for (let i = 0; i < 3; i++) {
      await admin.createUser({ email: uniqueEmail('page'), password: 'a-long-password' });
    }
    const first = await admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users).toHaveLength(2);
    const total = (first.data as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(first.data).toMatchObject({ nextPage: 2, lastPage: Math.ceil(total / 2) });
    const beyond = await admin.listUsers({ page: 10_000, perPage: 2 });
    expect(beyond.data.users).toEqual([]);
  });

  it('accepts a supabase_admin token as GoTrue does and refuses other roles', async () => {
    const asAdmin = clientWith(await tokenWithRole('supabase_admin')).auth.admin;
    const email = uniqueEmail('by-supabase-admin');
    const created = await asAdmin.createUser({ email, email_confirm: true });
    expect(created.error).toBeNull();
    expect(created.data.user?.email).toBe(email);
    expect((await asAdmin.getUserById(created.data.user?.id ?? '')).data.user?.email).toBe(email);

    const asMember = clientWith(await tokenWithRole('authenticated')).auth.admin;
    const refused = await asMember.listUsers();
    expect(refused.error).toMatchObject({ status: 403, code: 'not_admin' });
    expect(refused.error?.message).toBe('User not allowed');
  });
});
