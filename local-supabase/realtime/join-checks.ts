// Join storms: when 1,000 readers open a popular article at once, every private join needs the
// realtime.messages policies checked for its claims and every filtered join its filter values cast to
// their columns' types. One query per join would queue 1,000 round trips to the database worker, one
// after another. Instead, checks that arrive while one call is running wait and go together in the
// next call: one round trip for all of them, each identical request (1,000 anonymous readers of one
// article ask the same thing) evaluated once. A check that fails is confined to the joins that asked it.
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

/** Requests in first-come order with duplicates removed, and where each waiter's answer is. */
function distinct<T>(waiting: readonly Waiting<T>[]): { requests: unknown[]; index: number[] } {
  const positions = new Map<string, number>();
  const requests: unknown[] = [];
  const index = waiting.map(({ request }) => {
    const key = JSON.stringify(request);
    let position = positions.get(key);
    if (position === undefined) {
      position = requests.push(request) - 1;
      positions.set(key, position);
    }
    return position;
  });
  return { requests, index };
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
      this.#access.push({ request: { topic, claims }, resolve, reject });
      this.#schedule();
    });
  }

  /** null when the filter's values fit their columns, else the database's SQLSTATE and message. */
  filter(check: FilterCheck): Promise<string | null> {
    return new Promise((resolve, reject) => {
      this.#filters.push({ request: check, resolve, reject });
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
      const access = this.#access;
      const filters = this.#filters;
      this.#access = [];
      this.#filters = [];
      await this.#call(access, filters);
    }
    this.#busy = false;
  }

  async #call(access: Waiting<AccessResult>[], filters: Waiting<string | null>[]): Promise<void> {
    const accessAsked = distinct(access);
    const filtersAsked = distinct(filters);
    try {
      this.calls += 1;
      const { rows } = await this.#db.query<{ access: string; filters: string }>(
        `select realtime.local_channel_access($1::jsonb)::text as access,
                realtime.local_check_filters($2::jsonb)::text as filters`,
        [JSON.stringify(accessAsked.requests), JSON.stringify(filtersAsked.requests)],
      );
      const accessRows = JSON.parse(rows[0]?.access ?? '[]') as AccessRow[];
      const filterErrors = JSON.parse(rows[0]?.filters ?? '[]') as (string | null)[];
      access.forEach((waiter, at) => {
        waiter.resolve(toAccess(accessRows[accessAsked.index[at] ?? -1]));
      });
      filters.forEach((waiter, at) => {
        const error = filterErrors[filtersAsked.index[at] ?? -1];
        waiter.resolve(error === undefined ? 'no result' : error);
      });
    } catch (error) {
      // The call itself failed (the worker died, say): every join in it is answered with an error.
      for (const waiter of [...access, ...filters]) waiter.reject(error);
    }
  }
}
