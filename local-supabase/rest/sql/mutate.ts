// INSERT (and upsert), UPDATE and DELETE. Payload rows travel as one JSON parameter and are turned
// into the table's row type by json_populate_recordset, as PostgREST does.
import type { Relation } from '../snapshot.ts';
import { restError } from '../errors.ts';
import { ident, integer, literal, qualified } from './fragments.ts';
import type { Level } from './select-list.ts';

export interface InsertSpec {
  relation: Relation;
  /** Insert columns; rows missing a key get NULL (or, with `useDefaults`, the column's default). */
  columns: string[];
  /** Placeholder of the JSON array of rows. */
  rowsParam: string;
  /** `Prefer: missing=default`: a key missing from a row takes the column's default. */
  useDefaults?: boolean;
  onConflict?: { columns: string[]; action: 'merge' | 'ignore' };
  /**
   * PUT: the request's filters, rendered on the level's alias, applied to the payload rows, so a
   * body whose key differs from the URL's inserts nothing (PostgREST then answers PGRST115).
   */
  payloadFilters?: string[];
}

/** The name of the transaction setting counting the rows an upsert updated instead of inserting. */
export const UPDATED_SETTING = 'pgrst.updated';

function returning(level: Level | null): string {
  if (!level) return '';
  if (level.needed === '*') return ` returning ${ident(level.alias)}.*`;
  const columns = [...level.needed].map((name) => `${ident(level.alias)}.${ident(name)}`);
  return columns.length === 0 ? ' returning 1 as pgrst_row' : ` returning ${columns.join(', ')}`;
}

/**
 * PostgREST's ON CONFLICT: merging sets every payload column, the conflict key included, so a body
 * of only the key still "updates" (and returns) the existing row. The WHERE counts updated rows in
 * a transaction setting: the status (200 when nothing was inserted) depends on it.
 */
function conflictSql(spec: InsertSpec, columns: string[]): string {
  const conflict = spec.onConflict;
  if (!conflict) return '';
  const target =
    conflict.columns.length === 0 ? '' : ` (${conflict.columns.map(ident).join(', ')})`;
  if (conflict.action === 'ignore' || columns.length === 0) {
    return ` on conflict${target} do nothing`;
  }
  if (!target) {
    throw restError(
      400,
      '42P10',
      'there is no unique or exclusion constraint matching the ON CONFLICT specification',
    );
  }
  const set = columns.map((column) => `${ident(column)} = excluded.${ident(column)}`).join(', ');
  const current = `coalesce(nullif(current_setting('${UPDATED_SETTING}', true), '')::int, 0)`;
  const count = `set_config('${UPDATED_SETTING}', (${current} + 1)::text, true) <> '-1'`;
  return ` on conflict${target} do update set ${set} where ${count}`;
}

/**
 * The payload rows: `json_populate_recordset` over the body. With defaults, each row is first laid
 * over an object of the columns' defaults, evaluated per row as PostgREST does (so a sequence
 * advances for every row, as on hosted Supabase).
 */
function payloadRowsSql(spec: InsertSpec): string {
  const rowType = `null::${qualified(spec.relation.schema, spec.relation.name)}`;
  const body = `${spec.rowsParam}::json`;
  if (!spec.useDefaults) return `json_populate_recordset(${rowType}, ${body})`;
  const defaults = spec.columns.flatMap((name) => {
    const sql = spec.relation.columns.get(name)?.defaultSql;
    return sql ? [`${literal(name)}, ${sql}`] : [];
  });
  const withDefaults = `(select jsonb_agg(jsonb_build_object(${defaults.join(', ')}) || e.value order by e.i) from jsonb_array_elements(${spec.rowsParam}::jsonb) with ordinality as e(value, i))`;
  return `jsonb_populate_recordset(${rowType}, ${withDefaults})`;
}

export interface Mutation {
  /** With a representation: CTEs ending in `pgrst_mutation`, read by the final SELECT. */
  ctes: string[];
  /** Without: statements run one after another, their affected rows summed. */
  plain: string[];
}

/** Wraps one data-modifying statement as a Mutation. */
export function asMutation(statement: string, represented: boolean): Mutation {
  return represented
    ? { ctes: [`pgrst_mutation as (${statement})`], plain: [] }
    : { ctes: [], plain: [statement] };
}

/** One `INSERT … SELECT … [ON CONFLICT …]` for all rows, as PostgREST sends it. */
export function insertSql(spec: InsertSpec, level: Level | null): Mutation {
  const alias = level?.alias ?? 't0';
  const table = `${qualified(spec.relation.schema, spec.relation.name)} as ${ident(alias)}`;
  const list = spec.columns.map(ident).join(', ');
  // The payload takes the level's alias when filtered: the INSERT's own target is not in scope in
  // its SELECT, so the filters, written for `alias`, read the payload rows.
  const filtered = spec.payloadFilters !== undefined && spec.payloadFilters.length > 0;
  const where = filtered ? ` where ${spec.payloadFilters?.join(' and ')}` : '';
  const select =
    spec.columns.length === 0
      ? `select from json_array_elements(${spec.rowsParam}::json)`
      : `select ${list} from ${payloadRowsSql(spec)} as ${filtered ? ident(alias) : 'pgrst_body'}${where}`;
  const target = spec.columns.length === 0 ? '' : ` (${list})`;
  const statement = `insert into ${table}${target} ${select}${conflictSql(spec, spec.columns)}${returning(level)}`;
  return asMutation(statement, level !== null);
}

/** Rows a PATCH or DELETE touches: the filters, and with `limit` the first rows in `order`. */
function targetRows(relation: Relation, level: Level): string {
  const where = level.filters;
  if (level.limit === undefined && level.offset === undefined) {
    return where.length === 0 ? '' : ` where ${where.join(' and ')}`;
  }
  if (relation.kind !== 'table') {
    throw restError(
      400,
      'PGRST127',
      'Feature not implemented',
      'limit on a view in PATCH or DELETE',
    );
  }
  const alias = ident(level.alias);
  let inner = `select ${alias}.ctid from ${qualified(relation.schema, relation.name)} as ${alias}`;
  if (where.length > 0) inner += ` where ${where.join(' and ')}`;
  if (level.orderBy.length > 0) inner += ` order by ${level.orderBy.join(', ')}`;
  if (level.limit !== undefined) inner += ` limit ${integer(level.limit)}`;
  if (level.offset !== undefined) inner += ` offset ${integer(level.offset)}`;
  return ` where ${alias}.ctid = any(array(${inner}))`;
}

export function updateSql(
  relation: Relation,
  columns: string[],
  bodyParam: string,
  filterLevel: Level,
  outputLevel: Level | null,
): string {
  const table = `${qualified(relation.schema, relation.name)} as ${ident(filterLevel.alias)}`;
  const rowType = `null::${qualified(relation.schema, relation.name)}`;
  const set = columns.map((column) => `${ident(column)} = pgrst_body.${ident(column)}`).join(', ');
  return `update ${table} set ${set} from (select * from json_populate_record(${rowType}, ${bodyParam}::json)) as pgrst_body${targetRows(relation, filterLevel)}${returning(outputLevel)}`;
}

export function deleteSql(
  relation: Relation,
  filterLevel: Level,
  outputLevel: Level | null,
): string {
  const table = `${qualified(relation.schema, relation.name)} as ${ident(filterLevel.alias)}`;
  return `delete from ${table}${targetRows(relation, filterLevel)}${returning(outputLevel)}`;
}
