// Join storms: when 1,000 readers open a popular article at once, every private join needs the
// realtime.messages policies checked for its claims and every filtered join its filter values cast to
// their columns' types. One query per join would queue 1,000 round trips to the database worker, one
// after another. Instead, checks that arrive while one call is running wait and go together in the
// next call: one round trip for all of them, each identical request (1,000 anonymous readers of one
// article ask the same thing) evaluated once. A check that fails is confined to the joins that asked it.
// A call holds the database's one queue while it runs, so it asks at most REQUESTS_PER_CALL distinct
// questions of each kind: the change feed's drain (a comment on its way to 10,000 readers) waits for
// one such call, not for a whole storm.
import type { Claims, Database } from '../db/database.ts';
import type { ChannelAccess } from './authorization.ts';

/** A filter check: a statement the server built that casts the filter's values, with them as $1. */
export interface FilterCheck {
  statement: string;
  input: unknown[];
}

/** What a private join may do, or why its claims could not be checked. */
export type AccessResult = ChannelAccess | { error: string };

interface Waiting<T> {
  request: unknown;
  /** The request as JSON: identical requests share one answer. */
  key: string;
  resolve: (result: T) => void;
  reject: (error: unknown) => void;
}

interface AccessRow {
  broadcast_read?: boolean;
  presence_read?: boolean;
  broadcast_write?: boolean;
  presence_write?: boolean;
  error?: string;
}

/**
 * Distinct requests of each kind in one call. 2,000 signed-in readers rejoining at once are 2,000
 * distinct policy checks, about 0.45 ms each on 2 cores: as one call they held the database for
 * 0.6–0.8 s, and every comment's broadcast waited behind them (p95 1.1 s at 10,000 readers).
 */
export const REQUESTS_PER_CALL = 64;

interface Picked<T> {
  /** The waiters answered by this call. */
  waiters: Waiting<T>[];
  /** Their distinct requests in first-come order, and where each waiter's answer is. */
  requests: unknown[];
  index: number[];
  /** The waiters left for the next call. */
  rest: Waiting<T>[];
}

/**
 * The waiters whose requests fit in one call: the first REQUESTS_PER_CALL distinct requests, with
 * every waiter that asks one of them (however late it came).
 */
function pick<T>(waiting: readonly Waiting<T>[]): Picked<T> {
  const positions = new Map<string, number>();
  const picked: Picked<T> = { waiters: [], requests: [], index: [], rest: [] };
  for (const waiter of waiting) {
    let position = positions.get(waiter.key);
    if (position === undefined && picked.requests.length < REQUESTS_PER_CALL) {
      position = picked.requests.push(waiter.request) - 1;
      positions.set(waiter.key, position);
    }
    if (position === undefined) {
      picked.rest.push(waiter);
    } else {
      picked.waiters.push(waiter);
      picked.index.push(position);
    }
  }
  return picked;
}

function toAccess(row: AccessRow | undefined): AccessResult {
  if (!row) return { error: 'no result' };
  if (typeof row.error === 'string') return { error: row.error };
  return {
    broadcastRead: row.broadcast_read === true,
    presenceRead: row.presence_read === true,
    broadcastWrite: row.broadcast_write === true,
    presenceWrite: row.presence_write === true,
  };
}

export class JoinChecks {
  readonly #db: Database;
  #access: Waiting<AccessResult>[] = [];
  #filters: Waiting<string | null>[] = [];
  #busy = false;
  /** Round trips made so far (tests and the benchmark read it). */
  calls = 0;

  constructor(db: Database) {
    this.#db = db;
  }

  /** What `claims` may do on `topic` (the channel name without `realtime:`). */
  access(topic: string, claims: Claims): Promise<AccessResult> {
    return new Promise((resolve, reject) => {
      const request = { topic, claims };
      this.#access.push({ request, key: JSON.stringify(request), resolve, reject });
      this.#schedule();
    });
  }

  /** null when the filter's values fit their columns, else the database's SQLSTATE and message. */
  filter(check: FilterCheck): Promise<string | null> {
    return new Promise((resolve, reject) => {
      this.#filters.push({ request: check, key: JSON.stringify(check), resolve, reject });
      this.#schedule();
    });
  }

  /** The first check waits for the current I/O turn to end, so joins read together go together. */
  #schedule(): void {
    if (this.#busy) return;
    this.#busy = true;
    setImmediate(() => {
      void this.#run();
    });
  }

  async #run(): Promise<void> {
    while (this.#access.length > 0 || this.#filters.length > 0) {
      const access = pick(this.#access);
      const filters = pick(this.#filters);
      this.#access = access.rest;
      this.#filters = filters.rest;
      await this.#call(access, filters);
    }
    this.#busy = false;
  }

  async #call(access: Picked<AccessResult>, filters: Picked<string | null>): Promise<void> {
    try {
      this.calls += 1;
      const { rows } = await this.#db.query<{ access: string; filters: string }>(
        `select realtime.local_channel_access($1::jsonb)::text as access,
                realtime.local_check_filters($2::jsonb)::text as filters`,
        [JSON.stringify(access.requests), JSON.stringify(filters.requests)],
      );
      const accessRows = JSON.parse(rows[0]?.access ?? '[]') as AccessRow[];
      const filterErrors = JSON.parse(rows[0]?.filters ?? '[]') as (string | null)[];
      access.waiters.forEach((waiter, at) => {
        waiter.resolve(toAccess(accessRows[access.index[at] ?? -1]));
      });
      filters.waiters.forEach((waiter, at) => {
        const error = filterErrors[filters.index[at] ?? -1];
        waiter.resolve(error === undefined ? 'no result' : error);
      });
    } catch (error) {
      // The call itself failed (the worker died, say): every join in it is answered with an error.
      for (const waiter of [...access.waiters, ...filters.waiters]) waiter.reject(error);
    }
  }
}
