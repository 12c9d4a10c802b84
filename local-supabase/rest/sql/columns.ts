// Column references (with JSON paths) and casts, checked against the schema cache.
import type { Field, JsonStep } from '../parse/cursor.ts';
import { restError, undefinedColumn } from '../errors.ts';
import type { Column, ComputedField, Relation } from '../snapshot.ts';
import { ident, literal, qualified } from './fragments.ts';

/** What a SELECT reads from at one level: a table, a view, or a function's result. */
export interface Source {
  /** The FROM item, e.g. `"public"."comments"`. */
  fromSql: string;
  /** The name errors use. */
  label: string;
  /**
   * The name an unknown column's error (42703) uses, when not `label`: PostgREST reads an embedded
   * table under the alias `<table>_<depth>`, so Postgres names that (`column messages_1.sum does
   * not exist`).
   */
  columnLabel?: string;
  columns: Map<string, Column>;
  /** The relation whose foreign keys embeds may follow. */
  relation: string | null;
  /** Computed fields of the relation, and its row type to cast the row to when calling them. */
  computed?: { fields: Map<string, ComputedField>; rowType: string };
}

/** A column or a computed field of the source. */
export function hasField(source: Source, name: string): boolean {
  return source.columns.has(name) || !!source.computed?.fields.has(name);
}

export function requireColumn(source: Source, name: string): Column {
  const column = source.columns.get(name) ?? source.computed?.fields.get(name)?.column;
  if (!column) throw undefinedColumn(source.columnLabel ?? source.label, name);
  return column;
}

/** Whether `name` is a computed field (a function of the whole row) rather than a column. */
export function isComputed(source: Source, name: string): boolean {
  return !source.columns.has(name) && !!source.computed?.fields.has(name);
}

/** `"t0"."name"`, or for a computed field `"public"."name"("t0"::"public"."table")`. */
function baseSql(alias: string, source: Source, name: string): string {
  const computed = source.computed;
  const field = isComputed(source, name) ? computed?.fields.get(name) : undefined;
  if (!computed || !field) return `${ident(alias)}.${ident(name)}`;
  return `${qualified(field.schema, field.function)}(${ident(alias)}::${computed.rowType})`;
}

function jsonSteps(path: JsonStep[]): string {
  return path.map((step) => `${step.arrow}${step.isIndex ? step.key : literal(step.key)}`).join('');
}

/** `"t0"."data"->'a'->>'b'` after checking that `data` exists. */
export function fieldSql(alias: string, source: Source, field: Field): string {
  requireColumn(source, field.name);
  const column = baseSql(alias, source, field.name);
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

/** What a read of a table or view reads from: its columns and computed fields. */
export function sourceOf(relation: Relation): Source {
  const rowType = qualified(relation.schema, relation.name);
  return {
    fromSql: rowType,
    label: relation.name,
    columns: relation.columns,
    relation: relation.name,
    computed: { fields: relation.computed, rowType },
  };
}
