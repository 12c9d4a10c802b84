// Small helpers for the schema tests: make members, act as them, and catch the database's refusals.
import { randomUUID } from 'node:crypto';
import {
  isDatabaseError,
  type Database,
  type DatabaseError,
  type QueryResult,
} from '../../../local-supabase/db/database.ts';
import { anonClaims, secondFactorClaims, userClaims } from '../helpers/database.ts';

let created = 0;

/**
 * Signs a new user up the way the auth service does (an `auth.users` insert, which fires the profile
 * trigger) and returns the user's id.
 */
export async function createMember(
  db: Database,
  options: { email?: string; metadata?: Record<string, unknown> } = {},
): Promise<string> {
  const id = randomUUID();
  created += 1;
  await db.query(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, now(), now())`,
    [
      id,
      options.email ?? `reader-${created}-${id.slice(0, 8)}@example.test`,
      JSON.stringify(options.metadata ?? { locale: 'en' }),
    ],
  );
  return id;
}

/** Gives a user a role directly (as the superuser), for tests that need a fresh moderator or admin. */
export async function setRoleDirectly(db: Database, userId: string, role: string): Promise<void> {
  await db.query('update public.profiles set role = $2 where id = $1', [userId, role]);
}

/**
 * Runs one statement as this user (null: anon) in its own transaction, as a request would, with a
 * session that has passed a second factor (aal2): what moderators and admins need to act; a member's
 * rights do not depend on it. `queryAtAal1` is the same user signed in with a password alone.
 */
export function queryAs<T = Record<string, unknown>>(
  db: Database,
  userId: string | null,
  sql: string,
  params: unknown[] = [],
): Promise<QueryResult<T>> {
  const claims = userId ? secondFactorClaims(userId) : anonClaims;
  return db.asRole(claims, (tx) => tx.query<T>(sql, params));
}

export function queryAtAal1<T = Record<string, unknown>>(
  db: Database,
  userId: string,
  sql: string,
  params: unknown[] = [],
): Promise<QueryResult<T>> {
  return db.asRole(userClaims(userId), (tx) => tx.query<T>(sql, params));
}

/** Awaits a statement that must fail and returns the Postgres error. */
export async function refusal(pending: Promise<unknown>): Promise<DatabaseError> {
  try {
    await pending;
  } catch (error) {
    if (isDatabaseError(error)) return error;
    throw error;
  }
  throw new Error('Expected the database to refuse, but it accepted');
}

/** Posts a top-level comment as the user and returns its id. */
export async function postComment(
  db: Database,
  userId: string,
  fields: { article_key?: string; body?: string; parent_id?: string; language?: string } = {},
): Promise<string> {
  const { rows } = await queryAs<{ id: string }>(
    db,
    userId,
    `insert into public.comments (article_key, parent_id, body, language)
     values ($1, $2, $3, $4) returning id`,
    [
      fields.article_key ?? 'translation-metadata-article-unicode-explained',
      fields.parent_id ?? null,
      fields.body ?? 'A thoughtful comment.',
      fields.language ?? 'en',
    ],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('The comment was not returned');
  return id;
}
