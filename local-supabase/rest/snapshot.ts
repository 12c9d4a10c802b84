// A snapshot of what the API exposes: tables and views with their columns and keys, foreign keys
// (also seen through simple views), computed relationships and functions, read from pg_catalog.
// Every identifier in a request is checked against it before it reaches SQL.
import type { Database } from '../db/database.ts';
import { CATALOG_QUERY } from './catalog-query.ts';

export interface Column {
  name: string;
  /** `format_type()`: usable in SQL as a type (it comes from the catalog, never from a request). */
  type: string;
  /** The type's name in pg_type (a domain's base type). */
  udt: string;
  isArray: boolean;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
  /** The default as SQL from the catalog (never from a request), or null. */
  defaultSql: string | null;
}

export interface Relation {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Primary key and unique constraints: column sets whose values identify one row. */
  uniqueKeys: string[][];
  /** Computed fields: functions taking this relation's row and returning a scalar, by name. */
  computed: Map<string, ComputedField>;
}

/** `create function blurb(posts) returns text`: selectable and filterable as `blurb`. */
export interface ComputedField {
  schema: string;
  function: string;
  /** The result as a column (for filters that look at the type). */
  column: Column;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface RoutineParam {
  name: string;
  type: string;
  udt: string;
  isArray: boolean;
  required: boolean;
}

export type RoutineReturn =
  | { kind: 'void' }
  | { kind: 'scalar'; setof: boolean; type: string }
  | {
      kind: 'composite';
      setof: boolean;
      /** The table or view whose row type this is: its relationships can be embedded. */
      relation: string | null;
      columns: Map<string, Column>;
    };

export const BODY_TYPES = ['json', 'jsonb', 'text', 'xml', 'bytea'] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  /**
   * The type of a single unnamed parameter that takes the whole request body (`json`/`jsonb` for a
   * JSON body, `text`, `xml`, `bytea` for text/plain, text/xml, application/octet-stream), or null.
   */
  bodyType: BodyType | null;
  returns: RoutineReturn;
  volatility: 'immutable' | 'stable' | 'volatile';
  /** `comment on function`: PostgREST orders overloads by it (PGRST203's list). */
  description: string | null;
}

/** `create function name(origin) returns setof target [rows 1]`: an embeddable relationship. */
export interface ComputedRelationship {
  function: string;
  origin: string;
  target: string;
  toOne: boolean;
}

export interface SchemaSnapshot {
  schema: string;
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  computedRelationships: ComputedRelationship[];
  routines: Map<string, Routine[]>;
  /** Type names a `::cast` in select may use. */
  types: Set<string>;
}

interface RawColumn {
  name: string;
  type: string;
  udt: string;
  isArray: boolean;
  notNull?: boolean;
  hasDefault?: boolean;
  generated?: boolean;
  defaultSql?: string | null;
}

interface RawCatalog {
  relations: {
    schema: string;
    name: string;
    kind: string;
    columns: RawColumn[];
    keys: { primary: boolean; columns: string[] }[];
  }[];
  foreignKeys: {
    name: string;
    schema: string;
    table: string;
    refSchema: string;
    refTable: string;
    columns: string[];
    refColumns: string[];
  }[];
  viewColumns: { view: string; schema: string; table: string; column: string }[];
  routines: {
    schema: string;
    name: string;
    volatility: string;
    description: string | null;
    setof: boolean;
    returnType: string;
    returnTypeKind: string;
    returnUdt: string;
    returnIsArray: boolean;
    returnRelation: { schema: string; name: string } | null;
    returnColumns: RawColumn[] | null;
    argNames: string[] | null;
    argModes: string[] | null;
    argTypes: { type: string; udt: string; isArray: boolean }[] | null;
    /** The relation whose row type the only input parameter has (a computed relationship). */
    argRelation: { schema: string; name: string } | null;
    rows: number;
    defaults: number;
    inputCount: number;
  }[];
  types: string[];
}

function toColumn(raw: RawColumn): Column {
  return {
    name: raw.name,
    type: raw.type,
    udt: raw.udt,
    isArray: raw.isArray,
    notNull: raw.notNull ?? false,
    hasDefault: raw.hasDefault ?? false,
    generated: raw.generated ?? false,
    defaultSql: raw.defaultSql ?? null,
  };
}

function toColumnMap(raws: RawColumn[]): Map<string, Column> {
  return new Map(raws.map((raw) => [raw.name, toColumn(raw)]));
}

/**
 * Foreign keys seen through views: a view that passes a base table's columns through under the same
 * names takes part in that table's foreign keys (a cheap form of PostgREST's view relationships).
 */
function viewForeignKeys(catalog: RawCatalog, schema: string): ForeignKey[] {
  const passedThrough = new Map<string, Map<string, Set<string>>>();
  for (const usage of catalog.viewColumns) {
    if (usage.schema !== schema) continue;
    const byTable = passedThrough.get(usage.view) ?? new Map<string, Set<string>>();
    const columns = byTable.get(usage.table) ?? new Set<string>();
    columns.add(usage.column);
    byTable.set(usage.table, columns);
    passedThrough.set(usage.view, byTable);
  }
  /** The relations standing for `table` with all of `columns`: itself and views over it. */
  const standIns = (table: string, columns: string[]): string[] => {
    const names = [table];
    for (const [view, byTable] of passedThrough) {
      const used = byTable.get(table);
      if (used && columns.every((column) => used.has(column))) names.push(view);
    }
    return names;
  };
  const derived: ForeignKey[] = [];
  for (const fk of catalog.foreignKeys) {
    if (fk.schema !== schema || fk.refSchema !== schema) continue;
    for (const table of standIns(fk.table, fk.columns)) {
      for (const refTable of standIns(fk.refTable, fk.refColumns)) {
        if (table === fk.table && refTable === fk.refTable) continue;
        derived.push({ ...fk, table, refTable });
      }
    }
  }
  return derived;
}

function viewKeys(catalog: RawCatalog, relations: Map<string, Relation>, schema: string): void {
  const passed = new Map<string, { table: string; columns: Set<string> }[]>();
  for (const usage of catalog.viewColumns) {
    if (usage.schema !== schema) continue;
    const list = passed.get(usage.view) ?? [];
    let entry = list.find((item) => item.table === usage.table);
    if (!entry) {
      entry = { table: usage.table, columns: new Set() };
      list.push(entry);
    }
    entry.columns.add(usage.column);
    passed.set(usage.view, list);
  }
  for (const [viewName, tables] of passed) {
    const view = relations.get(viewName);
    // Only a view over one table keeps that table's keys.
    if (!view || view.kind !== 'view' || tables.length !== 1 || !tables[0]) continue;
    const base = relations.get(tables[0].table);
    const used = tables[0].columns;
    if (!base) continue;
    view.uniqueKeys = base.uniqueKeys.filter((key) => key.every((column) => used.has(column)));
    if (base.primaryKey.every((column) => used.has(column))) view.primaryKey = base.primaryKey;
  }
}

function toRoutine(raw: RawCatalog['routines'][number]): Routine | null {
  const names = raw.argNames ?? [];
  const modes = raw.argModes ?? [];
  const types = raw.argTypes ?? [];
  const params: RoutineParam[] = [];
  const outputs: RawColumn[] = [];
  types.forEach((type, index) => {
    const mode = modes[index] ?? 'i';
    const name = names[index] ?? '';
    if (mode === 'o' || mode === 't') outputs.push({ name, ...type });
    else params.push({ name, ...type, required: true });
  });
  // The last `defaults` input parameters have defaults.
  params.forEach((param, index) => {
    param.required = index < params.length - raw.defaults;
  });
  if (modes.includes('v')) return null;
  const only = params.length === 1 && params[0]?.name === '' ? params[0] : undefined;
  const bodyType = BODY_TYPES.find((type) => type === only?.type) ?? null;
  if (!bodyType && params.some((param) => param.name === '')) return null;
  let returns: RoutineReturn;
  if (raw.returnType === 'void') returns = { kind: 'void' };
  else if (raw.returnTypeKind === 'c') {
    returns = {
      kind: 'composite',
      setof: raw.setof,
      relation: raw.returnRelation?.schema === raw.schema ? raw.returnRelation.name : null,
      columns: toColumnMap(raw.returnColumns ?? []),
    };
  } else if (raw.returnType === 'record') {
    // RETURNS TABLE (...) or OUT parameters; a bare `record` cannot be called without a column list.
    if (outputs.length === 0) return null;
    returns = {
      kind: 'composite',
      setof: raw.setof,
      relation: null,
      columns: toColumnMap(outputs),
    };
  } else if (raw.returnTypeKind === 'p' && raw.returnType !== 'record') {
    return null;
  } else {
    returns = { kind: 'scalar', setof: raw.setof, type: raw.returnType };
  }
  const volatility =
    raw.volatility === 'i' ? 'immutable' : raw.volatility === 's' ? 'stable' : 'volatile';
  return {
    schema: raw.schema,
    name: raw.name,
    params,
    bodyType,
    returns,
    volatility,
    description: raw.description,
  };
}

export function buildSnapshot(catalog: RawCatalog, schema: string): SchemaSnapshot {
  const relations = new Map<string, Relation>();
  for (const raw of catalog.relations) {
    if (raw.schema !== schema) continue;
    const primaryKey = raw.keys.find((key) => key.primary)?.columns ?? [];
    relations.set(raw.name, {
      schema: raw.schema,
      name: raw.name,
      kind: raw.kind === 'v' || raw.kind === 'm' ? 'view' : 'table',
      columns: toColumnMap(raw.columns),
      primaryKey,
      uniqueKeys: raw.keys.map((key) => key.columns),
      computed: new Map(),
    });
  }
  viewKeys(catalog, relations, schema);
  const foreignKeys: ForeignKey[] = catalog.foreignKeys
    .filter((fk) => fk.schema === schema && fk.refSchema === schema)
    .map(({ name, table, columns, refTable, refColumns }) => ({
      name,
      table,
      columns,
      refTable,
      refColumns,
    }));
  foreignKeys.push(...viewForeignKeys(catalog, schema));
  const computedRelationships: ComputedRelationship[] = [];
  const routines = new Map<string, Routine[]>();
  for (const raw of catalog.routines) {
    if (raw.schema !== schema) continue;
    const { argRelation, returnRelation } = raw;
    const origin = raw.inputCount === 1 && argRelation?.schema === schema ? argRelation.name : null;
    const originRelation = origin === null ? undefined : relations.get(origin);
    if (origin && returnRelation?.schema === schema && relations.has(returnRelation.name)) {
      // One row (not setof, or `rows 1`) is a to-one relationship, as PostgREST reads it.
      computedRelationships.push({
        function: raw.name,
        origin,
        target: returnRelation.name,
        toOne: !raw.setof || raw.rows === 1,
      });
    } else if (
      originRelation &&
      !raw.setof &&
      raw.returnTypeKind !== 'c' &&
      raw.returnTypeKind !== 'p'
    ) {
      originRelation.computed.set(raw.name, {
        schema,
        function: raw.name,
        column: toColumn({
          name: raw.name,
          type: raw.returnType,
          udt: raw.returnUdt,
          isArray: raw.returnIsArray,
        }),
      });
    }
    const routine = toRoutine(raw);
    if (!routine) continue;
    routines.set(routine.name, [...(routines.get(routine.name) ?? []), routine]);
  }
  return {
    schema,
    relations,
    foreignKeys,
    computedRelationships,
    routines,
    types: new Set(catalog.types),
  };
}

export async function loadSnapshot(db: Database, schema: string): Promise<SchemaSnapshot> {
  const { rows } = await db.query<{ catalog: string }>(CATALOG_QUERY, [[schema]]);
  const catalog = JSON.parse(rows[0]?.catalog ?? '{}') as RawCatalog;
  return buildSnapshot(catalog, schema);
}
