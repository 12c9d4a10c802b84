// Column references (with JSON paths) and casts, checked against the schema cache.
import type { Field, JsonStep } from '../parse/cursor.ts';
import { restError, undefinedColumn } from '../errors.ts';
import type { Column } from '../snapshot.ts';
import { ident, literal } from './fragments.ts';

/** What a SELECT reads from at one level: a table, a view, or a function's result. */
export interface Source {
  /** The FROM item, e.g. `"public"."comments"`. */
  fromSql: string;
  /** The name errors use. */
  label: string;
  columns: Map<string, Column>;
  /** The relation whose foreign keys embeds may follow. */
  relation: string | null;
}

export function requireColumn(source: Source, name: string): Column {
  const column = source.columns.get(name);
  if (!column) throw undefinedColumn(source.label, name);
  return column;
}

function jsonSteps(path: JsonStep[]): string {
  return path.map((step) => `${step.arrow}${step.isIndex ? step.key : literal(step.key)}`).join('');
}

/** `"t0"."data"->'a'->>'b'` after checking that `data` exists. */
export function fieldSql(alias: string, source: Source, field: Field): string {
  requireColumn(source, field.name);
  const column = `${ident(alias)}.${ident(field.name)}`;
  return field.jsonPath.length === 0 ? column : `(${column}${jsonSteps(field.jsonPath)})`;
}

/** The key a field gets in the JSON output: its alias, the last JSON key, or the column name. */
export function fieldKey(field: Field, alias?: string): string {
  if (alias !== undefined) return alias;
  const last = field.jsonPath.at(-1);
  return last && !last.isIndex ? last.key : field.name;
}

const TYPE_ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  boolean: 'bool',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  decimal: 'numeric',
  character: 'bpchar',
  'character varying': 'varchar',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
};

/** `::text` in select: only type names the catalog has, emitted quoted. */
export function castSql(cast: string, types: Set<string>): string {
  const name = TYPE_ALIASES[cast.toLowerCase()] ?? cast;
  if (!types.has(name)) throw restError(400, '42704', `type "${cast}" does not exist`);
  return `::${ident(name)}`;
}
