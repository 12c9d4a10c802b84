// What every handler needs about one request, and the one way it runs SQL: as the caller's role, in
// one transaction (read-only for GET and HEAD, as PostgREST does), with Postgres errors mapped.
import type { Context } from 'hono';
import type { Claims, Database, Tx } from '../../db/database.ts';
import { isDatabaseError } from '../../db/database.ts';
import { fromDatabaseError, restError } from '../errors.ts';
import type { ParsedQuery } from '../parse/query.ts';
import type { Negotiated, Preferences } from '../request.ts';
import { explain, type PlanRequest } from '../plan.ts';
import { bindUsed } from '../sql/fragments.ts';
import type { StatementRow } from '../sql/read.ts';
import type { SchemaSnapshot } from '../snapshot.ts';

export interface Scope {
  c: Context;
  db: Database;
  claims: Claims;
  snapshot: SchemaSnapshot;
  query: ParsedQuery;
  preferences: Preferences;
  negotiated: Negotiated;
  maxBodyBytes: number;
  /** The path PostgREST exposes as `request.path` (without `/rest/v1`). */
  path: string;
  /** `pgrst.db_aggregates_enabled` on the authenticator role. */
  aggregates: boolean;
  /** The request's schema, then `[api] extra_search_path`. */
  searchPath: string[];
}

/** `Prefer: tx=rollback`: the result is kept, the transaction is not. */
class Rollback<T> extends Error {
  readonly result: T;

  constructor(result: T) {
    super('rollback requested');
    this.result = result;
  }
}

function requestHeaders(c: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return headers;
}

/**
 * Runs `work` as the caller. It must only use `tx` (the queue is held) and may throw to roll back;
 * `check` sees the result inside the transaction, so a failed check undoes a write.
 */
export async function runAsCaller<T>(
  scope: Scope,
  work: (tx: Tx) => Promise<T>,
  check: (result: T) => void = () => undefined,
): Promise<T> {
  const method = scope.c.req.method;
  const readOnly = method === 'GET' || method === 'HEAD';
  const rollback = scope.preferences.tx === 'rollback';
  try {
    return await scope.db.asRole(
      scope.claims,
      async (tx) => {
        const result = await work(tx);
        check(result);
        if (rollback) throw new Rollback(result);
        return result;
      },
      {
        method,
        path: scope.path,
        headers: requestHeaders(scope.c),
        searchPath: scope.searchPath,
        readOnly,
      },
    );
  } catch (error) {
    if (error instanceof Rollback) return error.result as T;
    if (isDatabaseError(error)) throw fromDatabaseError(error, scope.claims.role !== 'anon');
    throw error;
  }
}

/** Runs `sql` with the parameters it uses (see bindUsed). */
export function queryBound<T = Record<string, unknown>>(tx: Tx, sql: string, values: unknown[]) {
  const bound = bindUsed(sql, values);
  return tx.query<T>(bound.sql, bound.params);
}

/** Runs a statement that answers one row; with `plan` (`Accept: …pgrst.plan`) answers its plan. */
export async function queryStatement(
  tx: Tx,
  sql: string,
  values: unknown[],
  plan?: PlanRequest,
): Promise<StatementRow> {
  if (plan) await explain(tx, plan, sql, values);
  const { rows } = await queryBound<StatementRow>(tx, sql, values);
  const row = rows[0];
  if (!row) throw new Error('The statement returned no row');
  return row;
}

/** `Prefer: handling=strict, max-affected=n` refuses (and rolls back) a change of more rows. */
export function checkMaxAffected(preferences: Preferences, affected: number): void {
  const max = preferences.maxAffected;
  if (preferences.handling === 'strict' && max !== undefined && affected > max) {
    throw restError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    );
  }
}
