// A fresh, migrated and seeded database for one test suite, in about two seconds.
import { openDatabase, type Claims, type Database } from '../../../local-supabase/db/database.ts';
import { getTemplateDir } from './template.ts';

/**
 * Opens a private copy of the template (in a temporary directory, removed on `close()`).
 *
 * @example
 * const db = await freshDatabase();
 * afterAll(() => db.close());
 * await db.asRole(memberClaims(id), (tx) => tx.query('select * from comments'));
 */
export async function freshDatabase(): Promise<Database> {
  return openDatabase({ loadTemplateDir: await getTemplateDir() });
}

/** The claims the server puts in `request.jwt.claims` for a signed-in user (GoTrue's access token). */
export function userClaims(userId: string, email = `${userId}@example.test`): Claims {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: 'http://127.0.0.1:54321/auth/v1',
    sub: userId,
    aud: 'authenticated',
    exp: now + 3600,
    iat: now,
    email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
    session_id: '00000000-0000-0000-0000-000000000000',
    is_anonymous: false,
  };
}

/**
 * A session that has passed a second factor (GoTrue after `mfa.verify`): aal2 with `totp` in amr.
 * Moderators and admins act only with such a session (migration 20261127110000).
 */
export function secondFactorClaims(userId: string, email?: string): Claims {
  const claims = userClaims(userId, email);
  const now = Math.floor(Date.now() / 1000);
  return {
    ...claims,
    aal: 'aal2',
    amr: [{ method: 'totp', timestamp: now }, ...(claims['amr'] as object[])],
  };
}

export const anonClaims: Claims = { role: 'anon', iss: 'supabase-demo' };
export const serviceClaims: Claims = { role: 'service_role', iss: 'supabase-demo' };
