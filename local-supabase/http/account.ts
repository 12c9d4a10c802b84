// One check every service runs on a signed-in user's token: does the user still exist, and is the
// account not banned? A JWT stays valid until it expires (an hour), so without this a deleted
// member's or a banned member's token kept uploading into storage, reading over REST and joining
// realtime channels. GoTrue checks the user on its own endpoints; hosted PostgREST, Storage and
// Realtime only check the signature, but here every service refuses such a token the same way.
//
// It costs one indexed query per request that carries a user token (anon and service keys skip
// it); `AccountChecks` puts the checks that arrive together into one query, so a join storm of a
// thousand members is one round trip. Nothing is cached: an account deleted through SQL
// (delete_my_account) is refused at once.
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

interface AccountRow {
  id: string;
  deleted: boolean;
  banned: boolean;
}

const SELECT_ACCOUNTS = `
  select id::text, deleted_at is not null as deleted, coalesce(banned_until > now(), false) as banned
  from auth.users where id = any($1::uuid[])`;

function problemOf(row: AccountRow | undefined): AccountError | null {
  if (!row || row.deleted) return new AccountError('user_not_found');
  if (row.banned) return new AccountError('user_banned');
  return null;
}

/** The user id `claims` must be checked for, or null when they are not a user's. */
function subjectOf(claims: Claims): string | null {
  if (claims.role !== 'authenticated') return null;
  const sub = claims.sub;
  if (typeof sub !== 'string' || !UUID.test(sub)) throw new AccountError('user_not_found');
  return sub.toLowerCase();
}

/**
 * Throws AccountError when `claims` are a user's (role `authenticated`) whose row in `auth.users`
 * is gone, soft-deleted, or banned until a time still to come. Other roles pass unchecked.
 */
export async function checkAccount(db: Tx, claims: Claims): Promise<void> {
  const sub = subjectOf(claims);
  if (sub === null) return;
  const { rows } = await db.query<AccountRow>(SELECT_ACCOUNTS, [[sub]]);
  const problem = problemOf(rows[0]);
  if (problem) throw problem;
}

interface Waiting {
  sub: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * `checkAccount` for requests outside a transaction: checks that arrive while one query runs wait
 * and go together in the next, one query for all of them.
 */
export class AccountChecks {
  readonly #db: Tx;
  #waiting: Waiting[] = [];
  #busy = false;

  constructor(db: Tx) {
    this.#db = db;
  }

  /** Resolves when `claims` may act; rejects with AccountError when their user is gone or banned. */
  async check(claims: Claims): Promise<void> {
    const sub = subjectOf(claims);
    if (sub === null) return;
    await new Promise<void>((resolve, reject) => {
      this.#waiting.push({ sub, resolve, reject });
      if (!this.#busy) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#busy = true;
    while (this.#waiting.length > 0) {
      const batch = this.#waiting;
      this.#waiting = [];
      try {
        const ids = [...new Set(batch.map((waiting) => waiting.sub))];
        const { rows } = await this.#db.query<AccountRow>(SELECT_ACCOUNTS, [ids]);
        const byId = new Map(rows.map((row) => [row.id, row]));
        for (const waiting of batch) {
          const problem = problemOf(byId.get(waiting.sub));
          if (problem) waiting.reject(problem);
          else waiting.resolve();
        }
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    this.#busy = false;
  }
}
