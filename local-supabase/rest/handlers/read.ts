// GET and HEAD on a table or view.
import { singularityError } from '../errors.ts';
import {
  contentRange,
  preferenceApplied,
  rangeNotSatisfiable,
  readStatus,
  type Reply,
} from '../response.ts';
import { sourceOf, type Source } from '../sql/columns.ts';
import { buildRead, createContext, type Statement, type StatementRow } from '../sql/read.ts';
import type { Relation } from '../snapshot.ts';
import type { Tx } from '../../db/database.ts';
import { checkMaxAffected, queryBound, queryStatement, runAsCaller, type Scope } from './scope.ts';
import type { Preferences } from '../request.ts';

export function relationAsSource(relation: Relation): Source {
  return sourceOf(relation);
}

/** Supabase's `[api] max_rows`: up to it `count=estimated` is exact (PostgREST's rule). */
const ESTIMATE_ABOVE = 1000;

/**
 * `count=planned` is the planner's row estimate for the counted query (EXPLAIN, as PostgREST
 * does); `count=estimated` is the exact count unless that passes max_rows, then the estimate.
 */
async function estimatedTotal(
  scope: Scope,
  tx: Tx,
  statement: Statement,
  exact: string | null,
): Promise<string | null> {
  const mode = scope.preferences.count;
  if (!statement.countSql || (mode !== 'planned' && mode !== 'estimated')) return exact;
  if (mode === 'estimated' && exact !== null && Number(exact) <= ESTIMATE_ABOVE) return exact;
  const { rows } = await queryBound<{ plan: string }>(
    tx,
    `explain (format json) ${statement.countSql}`,
    statement.params,
  );
  const plan = rows[0] ? (Object.values(rows[0])[0] as unknown) : null;
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    { Plan?: { 'Plan Rows'?: number } }[] | null;
  const estimate = parsed?.[0]?.Plan?.['Plan Rows'];
  return estimate === undefined ? exact : String(Math.round(estimate));
}

export interface ReplyOptions {
  /** A function returning one row (not a set): one object, or `null` when filtered away. */
  singleRow?: boolean;
  /** Preferences echoed in Preference-Applied. */
  honoured?: (keyof Preferences)[];
  /** `Prefer: handling=strict, max-affected=n` applies (function calls). */
  limitAffected?: boolean;
}

/** Runs a read statement and shapes the reply: status, Content-Range, one object or an array. */
export async function replyWithRows(
  scope: Scope,
  statement: Statement,
  options: ReplyOptions = {},
): Promise<Reply> {
  const { negotiated, preferences } = scope;
  const single = negotiated.shape === 'object';
  const row: StatementRow = await runAsCaller(
    scope,
    async (tx) => {
      const result = await queryStatement(tx, statement.sql, statement.params, negotiated.plan);
      return { ...result, total: await estimatedTotal(scope, tx, statement, result.total) };
    },
    (result) => {
      if (options.limitAffected) checkMaxAffected(preferences, result.page_total);
      if (single && !options.singleRow && result.page_total !== 1) {
        throw singularityError(result.page_total);
      }
    },
  );
  const offset = scope.query.levels.get('')?.offset ?? 0;
  const total = row.total === null ? null : Number(row.total);
  const status = readStatus(offset, row.page_total, total);
  if (status === 416 && total !== null) throw rangeNotSatisfiable(offset, total);
  const headers: Record<string, string> = {
    'Content-Type': negotiated.contentType,
    'Content-Range': contentRange(offset, offset + row.page_total - 1, total),
  };
  const applied = preferenceApplied(preferences, options.honoured ?? ['count', 'tx']);
  if (applied) headers['Preference-Applied'] = applied;
  const empty = single || options.singleRow ? 'null' : '[]';
  return { status, body: row.body ?? empty, headers };
}

export function readRelation(scope: Scope, relation: Relation): Promise<Reply> {
  const context = createContext(scope.snapshot, scope.query, scope.aggregates);
  const statement = buildRead(context, relationAsSource(relation), {
    count: scope.preferences.count !== undefined,
    shape: scope.negotiated.shape,
    stripNulls: scope.negotiated.stripNulls,
  });
  return replyWithRows(scope, statement);
}
