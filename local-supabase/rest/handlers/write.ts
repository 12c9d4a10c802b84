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
  type InsertSpec,
  type Mutation,
} from '../sql/mutate.ts';
import { createContext, buildTopLevel, finalSelect, type StatementRow } from '../sql/read.ts';
import { renderColumns, type Level } from '../sql/select-list.ts';
import type { Relation } from '../snapshot.ts';
import { relationAsSource } from './read.ts';
import { checkMaxAffected, queryBound, queryStatement, runAsCaller, type Scope } from './scope.ts';

interface Outcome {
  affected: number;
  row: StatementRow | null;
}

function requireColumns(relation: Relation, names: Iterable<string>): void {
  for (const name of names) {
    if (!relation.columns.has(name)) throw payloadColumnNotFound(relation.name, name);
  }
}

function wantsRepresentation(scope: Scope): boolean {
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

async function execute(
  scope: Scope,
  level: Level,
  mutation: Mutation,
  params: SqlParams,
): Promise<Outcome> {
  const single = scope.negotiated.shape === 'object' && wantsRepresentation(scope);
  return runAsCaller(
    scope,
    async (tx): Promise<Outcome> => {
      if (mutation.ctes.length === 0) {
        let affected = 0;
        for (const statement of mutation.plain) {
          const result = await queryBound(tx, statement, params.values);
          affected += result.affectedRows ?? 0;
        }
        return { affected, row: null };
      }
      const row = await queryStatement(
        tx,
        representationSql(scope, level, mutation.ctes),
        params.values,
      );
      return { affected: row.page_total, row };
    },
    (outcome) => {
      checkMaxAffected(scope.preferences, outcome.affected);
      if (single && outcome.affected !== 1) throw singularityError(outcome.affected);
    },
  );
}

function reply(
  scope: Scope,
  outcome: Outcome,
  status: { withBody: 200 | 201; without: 201 | 204 },
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

function countOrStar(scope: Scope, affected: number): number | null {
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

/** `Prefer: missing=default`: rows grouped by the columns they have, so the rest take defaults. */
function groupByPresentKeys(rows: Record<string, unknown>[], columns: string[], params: SqlParams) {
  const groups = new Map<string, { columns: string[]; indexes: number[] }>();
  rows.forEach((row, index) => {
    const present = columns.filter((column) => Object.hasOwn(row, column));
    const key = JSON.stringify(present);
    const group = groups.get(key) ?? { columns: present, indexes: [] };
    group.indexes.push(index + 1);
    groups.set(key, group);
  });
  return [...groups.values()].map((group) => ({
    columns: group.columns,
    indexesParam: params.add(`{${group.indexes.join(',')}}`),
  }));
}

export async function insertRows(scope: Scope, relation: Relation): Promise<Reply> {
  const body = await readJsonBody(scope.c, scope.maxBodyBytes);
  const rows = payloadRows(body);
  const { query, preferences } = scope;
  const columns = insertColumns(scope, relation, rows);
  const context = createContext(scope.snapshot, query);
  const level = buildTopLevel(context, relationAsSource(relation));
  const params = context.params;
  const text = body.kind === 'object' ? `[${body.text}]` : body.kind === 'array' ? body.text : '[]';
  const spec: InsertSpec = { relation, columns, rowsParam: params.add(text) };
  if (preferences.missing === 'default') spec.groups = groupByPresentKeys(rows, columns, params);
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
      ? { affected: 0, row: { total: null, page_total: 0, body: '[]' } }
      : await execute(
          scope,
          level,
          insertSql(spec, wantsRepresentation(scope) ? level : null),
          params,
        );
  const range = contentRange(1, 0, countOrStar(scope, outcome.affected));
  return reply(scope, outcome, { withBody: 201, without: 201 }, range);
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
  const context = createContext(scope.snapshot, scope.query);
  const level = buildTopLevel(context, relationAsSource(relation));
  requireFilter(level, 'UPDATE');
  const params = context.params;
  const bodyParam = params.add(body.text);
  const output = wantsRepresentation(scope) ? level : null;
  let outcome: Outcome;
  if (columns.length === 0) {
    outcome = { affected: 0, row: { total: null, page_total: 0, body: '[]' } };
  } else {
    const statement = updateSql(relation, columns, bodyParam, level, output);
    outcome = await execute(scope, level, asMutation(statement, output !== null), params);
  }
  const range = contentRange(0, outcome.affected - 1, countOrStar(scope, outcome.affected));
  return reply(scope, outcome, { withBody: 200, without: 204 }, range);
}

export async function deleteRows(scope: Scope, relation: Relation): Promise<Reply> {
  const context = createContext(scope.snapshot, scope.query);
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
