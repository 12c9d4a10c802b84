// INSERT (and upsert), UPDATE and DELETE. Payload rows travel as one JSON parameter and are turned
// into the table's row type by json_populate_recordset, as PostgREST does.
import type { Relation } from '../snapshot.ts';
import { restError } from '../errors.ts';
import { ident, integer, qualified } from './fragments.ts';
import type { Level } from './select-list.ts';

export interface InsertSpec {
  relation: Relation;
  /** Insert columns; rows missing a key get NULL (or, per group, their default). */
  columns: string[];
  /** Placeholder of the JSON array of rows. */
  rowsParam: string;
  /** Row indexes (1-based) per group of rows sharing their keys (`Prefer: missing=default`). */
  groups?: { columns: string[]; indexesParam: string }[];
  onConflict?: { columns: string[]; action: 'merge' | 'ignore' };
}

function returning(level: Level | null): string {
  if (!level) return '';
  if (level.needed === '*') return ` returning ${ident(level.alias)}.*`;
  const columns = [...level.needed].map((name) => `${ident(level.alias)}.${ident(name)}`);
  return columns.length === 0 ? ' returning 1 as pgrst_row' : ` returning ${columns.join(', ')}`;
}

function conflictSql(spec: InsertSpec, columns: string[]): string {
  const conflict = spec.onConflict;
  if (!conflict) return '';
  const target =
    conflict.columns.length === 0 ? '' : ` (${conflict.columns.map(ident).join(', ')})`;
  const updates = columns.filter((column) => !conflict.columns.includes(column));
  if (conflict.action === 'ignore' || updates.length === 0)
    return ` on conflict${target} do nothing`;
  if (!target) {
    throw restError(
      400,
      '42P10',
      'there is no unique or exclusion constraint matching the ON CONFLICT specification',
    );
  }
  const set = updates.map((column) => `${ident(column)} = excluded.${ident(column)}`).join(', ');
  return ` on conflict${target} do update set ${set}`;
}

function insertOne(
  spec: InsertSpec,
  columns: string[],
  rows: string,
  level: Level | null,
  alias: string,
) {
  const table = `${qualified(spec.relation.schema, spec.relation.name)} as ${ident(alias)}`;
  const rowType = `null::${qualified(spec.relation.schema, spec.relation.name)}`;
  const list = columns.map(ident).join(', ');
  const select =
    columns.length === 0
      ? `select from json_array_elements(${rows})`
      : `select ${list} from json_populate_recordset(${rowType}, ${rows}) as pgrst_body`;
  const target = columns.length === 0 ? '' : ` (${list})`;
  return `insert into ${table}${target} ${select}${conflictSql(spec, columns)}${returning(level)}`;
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

/**
 * One statement per group of rows (one group unless `missing=default` split them); with a
 * representation they are data-modifying CTEs whose rows are unioned into `pgrst_mutation`.
 */
export function insertSql(spec: InsertSpec, level: Level | null): Mutation {
  const alias = level?.alias ?? 't0';
  if (!spec.groups) {
    const statement = insertOne(spec, spec.columns, `${spec.rowsParam}::json`, level, alias);
    return asMutation(statement, level !== null);
  }
  const statements = spec.groups.map((group) => {
    const rows = `(select json_agg(e.value order by e.i) from json_array_elements(${spec.rowsParam}::json) with ordinality as e(value, i) where e.i = any(${group.indexesParam}::int[]))`;
    return insertOne(spec, group.columns, rows, level, alias);
  });
  if (!level) return { ctes: [], plain: statements };
  const ctes = statements.map((statement, index) => `pgrst_insert_${index} as (${statement})`);
  const union = statements
    .map((_, index) => `select * from pgrst_insert_${index}`)
    .join(' union all ');
  ctes.push(`pgrst_mutation as (${union})`);
  return { ctes, plain: [] };
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
