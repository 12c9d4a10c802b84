// The statement behind a read: the page as JSON built in SQL, its row count, and the total count
// when `Prefer: count=exact` asks for it. Mutations and RPC reuse the same final SELECT.
import type { ParsedQuery } from '../parse/query.ts';
import type { SchemaSnapshot } from '../snapshot.ts';
import type { Source } from './columns.ts';
import { SqlParams } from './fragments.ts';
import {
  buildLevel,
  checkAllLevelsUsed,
  levelTail,
  renderColumns,
  type Level,
  type ReadContext,
} from './select-list.ts';

export type BodyShape = 'array' | 'object' | 'csv';

export interface OutputOptions {
  count: boolean;
  shape: BodyShape;
  stripNulls: boolean;
}

export interface Statement {
  sql: string;
  params: unknown[];
  /** `select 1 …` over the rows a count would count, for the planner's estimate. */
  countSql?: string;
}

/** The columns every statement returns: `total` (text or null), `page_total` (int4), `body` (text). */
export interface StatementRow {
  total: string | null;
  page_total: number;
  body: string | null;
}

export function createContext(
  snapshot: SchemaSnapshot,
  query: ParsedQuery,
  aggregates = false,
): ReadContext {
  return {
    snapshot,
    params: new SqlParams(),
    query,
    usedLevels: new Set(),
    nextAlias: 0,
    aggregates,
  };
}

/** Level 0 of a request (its `select`, and the top-level filters, order and range). */
export function buildTopLevel(ctx: ReadContext, source: Source): Level {
  const level = buildLevel(ctx, source, ctx.query.select, [], ctx.query.levels.get(''));
  ctx.usedLevels.add('');
  checkAllLevelsUsed(ctx);
  return level;
}

/**
 * `Accept: text/csv`, built as PostgREST's asCsvF does: the first row's keys as the header, then
 * each row's record text without its parentheses (Postgres quotes what needs quoting; NULL is empty).
 */
const CSV_BODY = `(select coalesce(string_agg(pgrst_keys.key, ','), '') from (select json_object_keys(row_to_json(pgrst_first)) as key from (select * from pgrst_source limit 1) as pgrst_first) as pgrst_keys) || chr(10) || coalesce(string_agg(substring(pgrst_source::text, 2, length(pgrst_source::text) - 2), chr(10)), '')`;

function bodySql(options: OutputOptions): string {
  if (options.shape === 'csv') return CSV_BODY;
  const rows = options.stripNulls
    ? 'json_agg(json_strip_nulls(row_to_json(pgrst_source)))'
    : 'json_agg(pgrst_source)';
  return options.shape === 'object' ? `(${rows}->0)::text` : `coalesce(${rows}, '[]'::json)::text`;
}

/** `with <ctes>, pgrst_source as (<page>) select total, page_total, body from pgrst_source`. */
export function finalSelect(
  ctes: string[],
  page: string,
  total: string | null,
  options: OutputOptions,
) {
  const withs = [...ctes, `pgrst_source as (${page})`].join(', ');
  return `with ${withs} select ${total ?? 'null'}::text as total, count(*)::int4 as page_total, ${bodySql(options)} as body from pgrst_source`;
}

/** A read of `source` (a relation, or `pgrst_call` defined by `ctes`). */
export function buildRead(
  ctx: ReadContext,
  source: Source,
  options: OutputOptions,
  ctes: string[] = [],
): Statement {
  const level = buildTopLevel(ctx, source);
  const where = [...level.filters, ...level.embedConditions];
  const page = `select ${renderColumns(level.columns)}${levelTail(level, where)}`;
  const total = options.count ? `(select count(*)${levelTail(level, where, false)})` : null;
  const withs = ctes.length > 0 ? `with ${ctes.join(', ')} ` : '';
  return {
    sql: finalSelect(ctes, page, total, options),
    params: ctx.params.values,
    countSql: `${withs}select 1${levelTail(level, where, false)}`,
  };
}
