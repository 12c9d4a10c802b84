// POST (insert and upsert), PATCH and DELETE on a table or view.
import { invalidBody, payloadColumnNotFound, restError, singularityError } from '../errors.ts';
import { readJsonBody } from '../request.ts';
import { contentRange, preferenceApplied, type Reply } from '../response.ts';
import { ident, SqlParams } from '../sql/fragments.ts';
import {
  asMutation,
  deleteSql,
  insertSql,
  updateSql,
  UPDATED_SETTING,
  type InsertSpec,
  type Mutation,
} from '../sql/mutate.ts';
import type { Tx } from '../../db/database.ts';
import { createContext, buildTopLevel, finalSelect, type StatementRow } from '../sql/read.ts';
import { renderColumns, type Level } from '../sql/select-list.ts';
import type { Relation } from '../snapshot.ts';
import { relationAsSource } from './read.ts';
import { checkMaxAffected, queryBound, queryStatement, runAsCaller, type Scope } from './scope.ts';
import { explain } from '../plan.ts';

export interface Outcome {
  affected: number;
  /** Rows an upsert updated rather than inserted. */
  updated: number;
  row: StatementRow | null;
}

/** How many rows the upsert's ON CONFLICT … DO UPDATE counted (see conflictSql). */
async function updatedCount(tx: Tx): Promise<number> {
  const { rows } = await tx.query<{ updated: number }>(
    `select coalesce(nullif(current_setting('${UPDATED_SETTING}', true), '')::int, 0) as updated`,
  );
  return rows[0]?.updated ?? 0;
}

function requireColumns(relation: Relation, names: Iterable<string>): void {
  for (const name of names) {
    if (!relation.columns.has(name)) throw payloadColumnNotFound(relation.name, name);
  }
}

export function wantsRepresentation(scope: Scope): boolean {
  return scope.preferences.return === 'representation';
}

/** The representation of the changed rows: `select` applied to `pgrst_mutation`, in `order`. */
function representationSql(scope: Scope, level: Level, ctes: string[]): string {
  const order = level.orderBy.length > 0 ? ` order by ${level.orderBy.join(', ')}` : '';
  const page = `select ${renderColumns(level.columns)} from pgrst_mutation as ${ident(level.alias)}${order}`;
  return finalSelect(ctes, page, null, {
    count: false,
    shape: scope.negotiated.shape,
    stripNulls: scope.negotiated.stripNulls,
  });
}

/** Runs a mutation as the caller; `check` may refuse its outcome, which rolls it back. */
export async function execute(
  scope: Scope,
  level: Level,
  mutation: Mutation,
  params: SqlParams,
  check?: (outcome: Outcome) => void,
): Promise<Outcome> {
  const single = scope.negotiated.shape === 'object' && wantsRepresentation(scope);
  return runAsCaller(
    scope,
    async (tx): Promise<Outcome> => {
      if (mutation.ctes.length === 0) {
        let affected = 0;
        for (const statement of mutation.plain) {
          if (scope.negotiated.plan)
            await explain(tx, scope.negotiated.plan, statement, params.values);
          const result = await queryBound(tx, statement, params.values);
          affected += result.affectedRows ?? 0;
        }
        return { affected, updated: await updatedCount(tx), row: null };
      }
      const row = await queryStatement(
        tx,
        representationSql(scope, level, mutation.ctes),
        params.values,
        scope.negotiated.plan,
      );
      return { affected: row.page_total, updated: await updatedCount(tx), row };
    },
    check ??
      ((outcome) => {
        checkMaxAffected(scope.preferences, outcome.affected);
        if (single && outcome.affected !== 1) throw singularityError(outcome.affected);
      }),
  );
}

export function reply(
  scope: Scope,
  outcome: Outcome,
  status: { withBody: 200 | 201; without: 200 | 201 | 204 },
  range: string,
): Reply {
  const headers: Record<string, string> = { 'Content-Range': range };
  const applied = preferenceApplied(scope.preferences, [
    'return',
    'count',
    'resolution',
    'missing',
    'tx',
    'handling',
    'maxAffected',
  ]);
  if (applied) headers['Preference-Applied'] = applied;
  if (outcome.row && wantsRepresentation(scope)) {
    headers['Content-Type'] = scope.negotiated.contentType;
    const empty = scope.negotiated.shape === 'object' ? 'null' : '[]';
    return { status: status.withBody, body: outcome.row.body ?? empty, headers };
  }
  return { status: status.without, body: null, headers };
}

export function countOrStar(scope: Scope, affected: number): number | null {
  return scope.preferences.count ? affected : null;
}

/** The rows of a POST body: one object or an array of objects. */
function payloadRows(body: Awaited<ReturnType<typeof readJsonBody>>): Record<string, unknown>[] {
  if (body.kind === 'empty') throw invalidBody('Empty or invalid json');
  const rows = body.kind === 'array' ? body.value : [body.value];
  for (const row of rows) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw invalidBody('All object keys must match');
    }
  }
  return rows as Record<string, unknown>[];
}

function sameKeys(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((key) => b.includes(key));
}

/** The payload's columns: `columns=` if given, else the keys, which must then match across rows. */
function insertColumns(
  scope: Scope,
  relation: Relation,
  rows: Record<string, unknown>[],
): string[] {
  const { query, preferences } = scope;
  if (query.columns) {
    requireColumns(relation, query.columns);
    return query.columns;
  }
  for (const row of rows) requireColumns(relation, Object.keys(row));
  const firstKeys = Object.keys(rows[0] ?? {});
  if (preferences.missing === 'default')
    return [...new Set(rows.flatMap((row) => Object.keys(row)))];
  if (rows.some((row) => !sameKeys(Object.keys(row), firstKeys))) {
    throw invalidBody('All object keys must match');
  }
  return firstKeys;
}

/**
 * What POST and PUT read before they insert: the body's rows and columns, the query's top level, and
 * the rows as one JSON array parameter (`rowsParam`) for `insertSql`.
 */
export async function readInsertPayload(scope: Scope, relation: Relation) {
  const body = await readJsonBody(scope.c, scope.maxBodyBytes);
  const rows = payloadRows(body);
  const columns = insertColumns(scope, relation, rows);
  const context = createContext(scope.snapshot, scope.query, scope.aggregates);
  const level = buildTopLevel(context, relationAsSource(relation));
  const params = context.params;
  const text = body.kind === 'object' ? `[${body.text}]` : body.kind === 'array' ? body.text : '[]';
  return { rows, columns, level, params, rowsParam: params.add(text) };
}

export async function insertRows(scope: Scope, relation: Relation): Promise<Reply> {
  const { query, preferences } = scope;
  const { rows, columns, level, params, rowsParam } = await readInsertPayload(scope, relation);
  const spec: InsertSpec = { relation, columns, rowsParam };
  if (preferences.missing === 'default') spec.useDefaults = true;
  if (preferences.resolution) {
    const conflictColumns = query.onConflict ?? relation.primaryKey;
    requireColumns(relation, conflictColumns);
    spec.onConflict = {
      columns: conflictColumns,
      action: preferences.resolution === 'merge-duplicates' ? 'merge' : 'ignore',
    };
  }
  const outcome: Outcome =
    rows.length === 0
      ? { affected: 0, updated: 0, row: { total: null, page_total: 0, body: '[]' } }
      : await execute(
          scope,
          level,
          insertSql(spec, wantsRepresentation(scope) ? level : null),
          params,
        );
  const range = contentRange(1, 0, countOrStar(scope, outcome.affected));
  // PostgREST: 201 when a row was inserted; an upsert that only merged into existing rows is 200.
  const merged = preferences.resolution === 'merge-duplicates';
  const status = merged && outcome.affected - outcome.updated <= 0 ? 200 : 201;
  return reply(scope, outcome, { withBody: status, without: status }, range);
}

/** Supabase runs PostgREST with pg-safeupdate: an UPDATE or DELETE needs a filter. */
function requireFilter(level: Level, verb: 'UPDATE' | 'DELETE'): void {
  if (level.filters.length === 0 && level.limit === undefined) {
    throw restError(400, '21000', `${verb} requires a WHERE clause`);
  }
}

export async function updateRows(scope: Scope, relation: Relation): Promise<Reply> {
  const body = await readJsonBody(scope.c, scope.maxBodyBytes);
  if (body.kind !== 'object') throw invalidBody('Empty or invalid json');
  const keys = Object.keys(body.value);
  if (scope.query.columns) requireColumns(relation, scope.query.columns);
  else requireColumns(relation, keys);
  const columns = scope.query.columns ?? keys;
  const context = createContext(scope.snapshot, scope.query, scope.aggregates);
  const level = buildTopLevel(context, relationAsSource(relation));
  requireFilter(level, 'UPDATE');
  const params = context.params;
  const bodyParam = params.add(body.text);
  const output = wantsRepresentation(scope) ? level : null;
  let outcome: Outcome;
  if (columns.length === 0) {
    outcome = { affected: 0, updated: 0, row: { total: null, page_total: 0, body: '[]' } };
  } else {
    const statement = updateSql(relation, columns, bodyParam, level, output);
    outcome = await execute(scope, level, asMutation(statement, output !== null), params);
  }
  const range = contentRange(0, outcome.affected - 1, countOrStar(scope, outcome.affected));
  return reply(scope, outcome, { withBody: 200, without: 204 }, range);
}

export async function deleteRows(scope: Scope, relation: Relation): Promise<Reply> {
  const context = createContext(scope.snapshot, scope.query, scope.aggregates);
  const level = buildTopLevel(context, relationAsSource(relation));
  requireFilter(level, 'DELETE');
  const output = wantsRepresentation(scope) ? level : null;
  const statement = deleteSql(relation, level, output);
  const outcome = await execute(
    scope,
    level,
    asMutation(statement, output !== null),
    context.params,
  );
  return reply(
    scope,
    outcome,
    { withBody: 200, without: 204 },
    contentRange(1, 0, countOrStar(scope, outcome.affected)),
  );
}
