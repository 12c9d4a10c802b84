// One check every service runs on a signed-in user's token: does the user still exist, and is the
// account not banned? A JWT stays valid until it expires (an hour), so without this a deleted
// member's or a banned member's token kept uploading into storage, reading over REST and joining
// realtime channels. GoTrue checks the user on its own endpoints; hosted PostgREST, Storage and
// Realtime only check the signature, but here every service refuses such a token the same way.
//
// It costs one indexed query per request that carries a user token (anon and service keys skip
// it). Nothing is cached: an account deleted through SQL (delete_own_account) is refused at once.
import type { Claims, Tx } from '../db/database.ts';

export type AccountProblem = 'user_not_found' | 'user_banned';

/** The token names a user who is gone or banned; each service answers in its own shape. */
export class AccountError extends Error {
  override name = 'AccountError';
  readonly problem: AccountProblem;

  constructor(problem: AccountProblem) {
    super(
      problem === 'user_banned' ? 'User is banned' : 'User from sub claim in JWT does not exist',
    );
    this.problem = problem;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Throws AccountError when `claims` are a user's (role `authenticated`) whose row in `auth.users`
 * is gone, soft-deleted, or banned until a time still to come. Other roles pass unchecked.
 */
export async function checkAccount(db: Tx, claims: Claims): Promise<void> {
  if (claims.role !== 'authenticated') return;
  const sub = claims.sub;
  if (typeof sub !== 'string' || !UUID.test(sub)) throw new AccountError('user_not_found');
  const { rows } = await db.query<{ deleted: boolean; banned: boolean }>(
    `select deleted_at is not null as deleted,
            coalesce(banned_until > now(), false) as banned
     from auth.users where id = $1`,
    [sub],
  );
  const row = rows[0];
  if (!row || row.deleted) throw new AccountError('user_not_found');
  if (row.banned) throw new AccountError('user_banned');
}
