// One level of a read: its select list with embedded resources as correlated subqueries, its
// conditions, order and range. Embeds recurse; every level gets its own table alias (t0, t1, ...).
import type { Filter } from '../parse/filter.ts';
import type { OrderTerm } from '../parse/order.ts';
import type { LevelParams, ParsedQuery } from '../parse/query.ts';
import type { SelectAggregate, SelectColumn, SelectEmbed, SelectItem } from '../parse/select.ts';
import { notEmbedded, restError } from '../errors.ts';
import { findRelationship, type Relationship } from '../relationships.ts';
import type { SchemaSnapshot } from '../snapshot.ts';
import {
  castSql,
  fieldKey,
  fieldSql,
  isComputed,
  requireColumn,
  sourceOf,
  type Source,
} from './columns.ts';
import { embedFirst, filterSql, logicSql } from './filters.ts';
import { checkOutputKeys } from './output-keys.ts';
import { ident, integer, qualified, type SqlParams } from './fragments.ts';

export interface ReadContext {
  snapshot: SchemaSnapshot;
  params: SqlParams;
  query: ParsedQuery;
  /** Level keys of `query.levels` that matched an embed (the rest are errors). */
  usedLevels: Set<string>;
  nextAlias: number;
  /** `pgrst.db_aggregates_enabled` on the authenticator role: aggregates are allowed. */
  aggregates: boolean;
}

export interface Level {
  source: Source;
  alias: string;
  /** Output columns; a null key is `"t0".*`. */
  columns: OutputColumn[];
  /** Conditions from filters and logic trees (what a PATCH or DELETE also applies). */
  filters: string[];
  /** Conditions from `!inner` embeds and `embed=is.null` filters. */
  embedConditions: string[];
  orderBy: string[];
  /** GROUP BY expressions, when the level selects aggregates. */
  groupBy: string[];
  limit?: number;
  offset?: number;
  /** Source columns this level reads (for RETURNING), or '*'. */
  needed: Set<string> | '*';
}

export interface OutputColumn {
  expr: string;
  key: string | null;
  /** An aggregate (`sum(...)`): the level groups by its other columns. */
  aggregate?: boolean;
  /** A JSON value built by a subquery (an embed, a to-many spread's array): groups as jsonb. */
  json?: boolean;
  /**
   * An aggregate's parts, for a spread to hoist it into its parent's grouping: the function, its
   * argument (`1` for `count()`) and the cast of its result.
   */
  hoist?: { fn: string; argument: string; resultCast: string };
}

export function renderColumns(columns: OutputColumn[]): string {
  return columns
    .map(({ expr, key }) => (key === null ? expr : `${expr} as ${ident(key)}`))
    .join(', ');
}

interface ResolvedEmbed {
  item: SelectEmbed;
  key: string;
  relationship: Relationship;
  child: Level;
  /** The child's join plus its own conditions. */
  where: string[];
}

function relationSource(snapshot: SchemaSnapshot, name: string): Source {
  const relation = snapshot.relations.get(name);
  if (!relation) throw new Error(`Relationship to unknown relation ${name}`);
  return sourceOf(relation);
}

function levelParams(ctx: ReadContext, path: string[], names: string[]): LevelParams | undefined {
  for (const name of names) {
    const key = [...path, name].join('.');
    const found = ctx.query.levels.get(key);
    if (found) {
      ctx.usedLevels.add(key);
      return found;
    }
  }
  return undefined;
}

function columnOf(ctx: ReadContext, level: Level, item: SelectColumn): OutputColumn {
  const expr = fieldSql(level.alias, level.source, item.field);
  const cast = item.cast === undefined ? '' : castSql(item.cast, ctx.snapshot.types);
  return { expr: cast ? `(${expr})${cast}` : expr, key: fieldKey(item.field, item.alias) };
}

/** `col.sum()`, `count()`: PostgREST's aggregate, named after its function unless aliased. */
function aggregateOf(ctx: ReadContext, level: Level, item: SelectAggregate): OutputColumn {
  if (!ctx.aggregates) {
    throw restError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  }
  let argument = '*';
  if (item.field) {
    requireColumn(level.source, item.field.name);
    argument = fieldSql(level.alias, level.source, item.field);
    if (item.cast !== undefined)
      argument = `(${argument})${castSql(item.cast, ctx.snapshot.types)}`;
    if (isComputed(level.source, item.field.name)) level.needed = '*';
    else if (level.needed !== '*') level.needed.add(item.field.name);
  }
  const resultCast =
    item.resultCast === undefined ? '' : castSql(item.resultCast, ctx.snapshot.types);
  const expr = resultCast ? `(${item.fn}(${argument}))${resultCast}` : `${item.fn}(${argument})`;
  const hoist = { fn: item.fn, argument: item.field ? argument : '1', resultCast };
  return { expr, key: item.alias ?? item.fn, aggregate: true, hoist };
}

/**
 * With an aggregate in the select list, the other columns group, as PostgREST's `groupF` does:
 * an embedded resource groups by its value (`GROUP BY "author"`, the row or array as jsonb, since
 * json has no equality), so rows whose embeds are equal share a group whichever row they came from.
 * Those columns are selected as jsonb too: Postgres accepts a correlated subquery in the select
 * list of a grouped query only when the same expression is grouped.
 */
function groupColumns(level: Level): void {
  if (!level.columns.some((column) => column.aggregate)) return;
  level.columns = level.columns.map((column) =>
    column.json ? { ...column, expr: `(${column.expr})::jsonb` } : column,
  );
  const groups = level.columns.flatMap((column) => (column.aggregate ? [] : [column.expr]));
  level.groupBy = [...new Set(groups)];
}

function whereSql(conditions: string[]): string {
  return conditions.length === 0 ? '' : ` where ${conditions.join(' and ')}`;
}

/** The FROM/WHERE/GROUP BY/ORDER/LIMIT of a level, for subqueries. */
export function levelTail(level: Level, where: string[], withRange = true): string {
  let sql = ` from ${level.source.fromSql} as ${ident(level.alias)}${whereSql(where)}`;
  if (withRange && level.groupBy.length > 0) sql += ` group by ${level.groupBy.join(', ')}`;
  if (withRange && level.orderBy.length > 0) sql += ` order by ${level.orderBy.join(', ')}`;
  if (withRange && level.limit !== undefined) sql += ` limit ${integer(level.limit)}`;
  if (withRange && level.offset !== undefined) sql += ` offset ${integer(level.offset)}`;
  return sql;
}

function isLegacyCount(embed: SelectEmbed, target: Source): boolean {
  const only = embed.items[0];
  return (
    embed.items.length === 1 &&
    only?.type === 'column' &&
    only.field.name === 'count' &&
    only.field.jsonPath.length === 0 &&
    only.alias === undefined &&
    only.cast === undefined &&
    !target.columns.has('count')
  );
}

function embedValueSql(embed: ResolvedEmbed): string {
  const { child, relationship, where } = embed;
  const row = ident(`${child.alias}_row`);
  if (isLegacyCount(embed.item, child.source)) {
    const count = `json_build_object('count', count(*))`;
    const value = relationship.toOne ? count : `json_build_array(${count})`;
    return `(select ${value}${levelTail(child, where, false)})`;
  }
  const inner = `select ${renderColumns(child.columns)}${levelTail(child, where)}`;
  if (relationship.toOne) {
    return `(select row_to_json(${row}) from (${inner} limit 1) as ${row})`;
  }
  return `(select coalesce(json_agg(${row}), '[]'::json) from (${inner}) as ${row})`;
}

function existsSql(embed: ResolvedEmbed): string {
  return `exists (select 1${levelTail(embed.child, embed.where, false)})`;
}

/** The conditions tying a child level's rows to the parent row (through a junction if any). */
function joinConditions(
  ctx: ReadContext,
  relationship: Relationship,
  parent: string,
  child: string,
): string[] {
  const junction = relationship.junction;
  if (!junction) {
    return relationship.pairs.map(
      ([originColumn, targetColumn]) =>
        `${ident(child)}.${ident(targetColumn)} = ${ident(parent)}.${ident(originColumn)}`,
    );
  }
  const through = ident(`t${ctx.nextAlias++}`);
  const conditions = [
    ...junction.originPairs.map(
      ([originColumn, junctionColumn]) =>
        `${through}.${ident(junctionColumn)} = ${ident(parent)}.${ident(originColumn)}`,
    ),
    ...junction.targetPairs.map(
      ([junctionColumn, targetColumn]) =>
        `${through}.${ident(junctionColumn)} = ${ident(child)}.${ident(targetColumn)}`,
    ),
  ];
  const table = qualified(ctx.snapshot.schema, junction.table);
  return [`exists (select 1 from ${table} as ${through} where ${conditions.join(' and ')})`];
}

function resolveEmbed(
  ctx: ReadContext,
  level: Level,
  path: string[],
  item: SelectEmbed,
): ResolvedEmbed {
  if (!level.source.relation) {
    throw restError(
      400,
      'PGRST200',
      `Could not find a relationship between '${level.source.label}' and '${item.name}' in the schema cache`,
    );
  }
  const relationship = findRelationship(ctx.snapshot, level.source.relation, item.name, item.hint);
  const key = item.alias ?? item.name;
  const names = item.alias === undefined ? [item.name] : [item.alias, item.name];
  const target = relationSource(ctx.snapshot, relationship.target);
  // PostgREST's alias for the embedded table (`fromAlias`, Plan.hs); a many-to-many embed has none.
  if (!relationship.junction) target.columnLabel = `${relationship.target}_${path.length + 1}`;
  if (relationship.computed) {
    // The function takes the parent's row: `"public"."replies"("t0")`.
    const fn = qualified(relationship.computed.schema, relationship.computed.function);
    const rowType = level.source.computed ? `::${level.source.computed.rowType}` : '';
    target.fromSql = `${fn}(${ident(level.alias)}${rowType})`;
    // The function takes the whole row: a mutation must return all of it.
    level.needed = '*';
  }
  // `comments(count)` and `comments()` select no column of their own: the level only filters.
  const filterOnly = isLegacyCount(item, target) || item.items.length === 0;
  const items: SelectItem[] = filterOnly ? [{ type: 'star' }] : item.items;
  const child = buildLevel(
    ctx,
    target,
    items,
    [...path, key],
    levelParams(ctx, path, names),
    item.spread,
  );
  const join = joinConditions(ctx, relationship, level.alias, child.alias);
  const originColumns = relationship.junction
    ? relationship.junction.originPairs.map(([originColumn]) => originColumn)
    : relationship.pairs.map(([originColumn]) => originColumn);
  if (level.needed !== '*') for (const column of originColumns) level.needed.add(column);
  return {
    item,
    key,
    relationship,
    child,
    where: [...join, ...child.filters, ...child.embedConditions],
  };
}

/**
 * `...rel(cols)`: the embedded columns join the parent's. A to-one spread gives each column's value;
 * a to-many spread (PostgREST 13) gives each column as an array of the related rows' values. An
 * embed inside a spread (PostgREST 12) is one more column: its object or array, or for a to-many
 * spread the array of them; a spread inside a spread adds its columns the same way.
 */
function spreadColumns(embed: ResolvedEmbed): OutputColumn[] {
  const { child, where } = embed;
  const columns = child.columns.flatMap((column) =>
    column.key === null
      ? [...child.source.columns.keys()].map((name) => ({
          expr: `${ident(child.alias)}.${ident(name)}`,
          key: name,
        }))
      : [column],
  );
  if (embed.relationship.toOne) {
    const tail = `${levelTail(child, where, false)} limit 1`;
    return columns.map(({ expr, key, hoist }) => {
      if (!hoist) return { expr: `(select ${expr}${tail})`, key };
      // PostgREST's `hoistSpreadAggFunctions`: the aggregate moves up to the parent, over the
      // spread's value for each of the parent's rows, and the parent groups by its other columns.
      const argument = `(select ${hoist.argument}${tail})`;
      const call = `${hoist.fn}(${argument})`;
      return {
        expr: hoist.resultCast ? `(${call})${hoist.resultCast}` : call,
        key,
        aggregate: true,
        hoist: { ...hoist, argument },
      };
    });
  }
  if (columns.some((column) => column.aggregate)) {
    throw restError(
      400,
      'PGRST127',
      'Feature not implemented',
      'Aggregate functions inside a to-many spread relationship',
    );
  }
  const row = ident(`${child.alias}_spread`);
  return columns.map(({ expr, key }) => ({
    expr: `(select coalesce(json_agg(${row}.value), '[]'::json) from (select ${expr} as value${levelTail(child, where)}) as ${row})`,
    key,
  }));
}

function orderSql(level: Level, embeds: ResolvedEmbed[], term: OrderTerm): string {
  let expr: string;
  if (term.relation !== undefined) {
    const embed = embeds.find((e) => e.key === term.relation || e.item.name === term.relation);
    if (!embed) throw notEmbedded(term.relation);
    if (!embed.relationship.toOne) {
      throw restError(
        400,
        'PGRST118',
        `A related order on '${term.relation}' is not possible`,
        `'${level.source.label}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    const value = fieldSql(embed.child.alias, embed.child.source, term.field);
    expr = `(select ${value}${levelTail(embed.child, embed.where, false)} limit 1)`;
  } else {
    expr = fieldSql(level.alias, level.source, term.field);
    if (level.needed !== '*') level.needed.add(term.field.name);
  }
  const direction = term.direction === 'desc' ? ' desc' : ' asc';
  const nulls = term.nulls === undefined ? '' : ` nulls ${term.nulls}`;
  return `${expr}${direction}${nulls}`;
}

/** Builds one level; `params` are the filters, order and range given for its embed path. */
export function buildLevel(
  ctx: ReadContext,
  source: Source,
  items: SelectItem[],
  path: string[],
  params: LevelParams | undefined,
  /** A spread's level: its aggregates are hoisted into the parent's grouping, not grouped here. */
  spread = false,
): Level {
  const alias = `t${ctx.nextAlias++}`;
  const level: Level = {
    source,
    alias,
    columns: [],
    filters: [],
    embedConditions: [],
    orderBy: [],
    groupBy: [],
    needed: new Set(),
  };
  const embeds: ResolvedEmbed[] = [];
  for (const item of items) {
    switch (item.type) {
      case 'star':
        level.columns.push({ expr: `${ident(alias)}.*`, key: null });
        level.needed = '*';
        break;
      case 'column':
        requireColumn(source, item.field.name);
        level.columns.push(columnOf(ctx, level, item));
        // A computed field takes the whole row: a mutation must return all of it.
        if (isComputed(source, item.field.name)) level.needed = '*';
        else if (level.needed !== '*') level.needed.add(item.field.name);
        break;
      case 'aggregate':
        level.columns.push(aggregateOf(ctx, level, item));
        break;
      case 'embed': {
        const embed = resolveEmbed(ctx, level, path, item);
        embeds.push(embed);
        if (item.items.length === 0) {
          // `rel()`: no output, only filters.
        } else if (item.spread) {
          // A to-one spread's values are plain columns; a to-many spread's are JSON arrays.
          const json = !embed.relationship.toOne;
          level.columns.push(...spreadColumns(embed).map((column) => ({ ...column, json })));
        } else level.columns.push({ expr: embedValueSql(embed), key: embed.key, json: true });
        if (item.joinType === 'inner') level.embedConditions.push(existsSql(embed));
        break;
      }
    }
  }
  checkOutputKeys(
    source.relation ?? source.label,
    path.length + 1,
    embeds.map((embed) => embed.item),
    level.columns.flatMap(({ key }) => (key === null ? [...source.columns.keys()] : [key])),
  );
  // `author=not.is.null`: keep only rows whose embed matched (what !inner does), or the opposite.
  const embedFilter = (filter: Filter): string | undefined => {
    const name = filter.field.name;
    const embed = embeds.find((e) => e.key === name || e.item.name === name);
    if (!embed) return undefined;
    const { operation } = filter;
    if (operation.kind !== 'is' || operation.value !== 'null' || filter.field.jsonPath.length > 0) {
      throw restError(
        400,
        'PGRST120',
        `Bad operator on the '${name}' embedded resource`,
        'Only is null or not is null filters are allowed on embedded resources',
      );
    }
    const exists = existsSql(embed);
    return filter.negate ? exists : `not ${exists}`;
  };
  for (const filter of params?.filters ?? []) {
    const onEmbed = embedFirst(source, filter) ? embedFilter(filter) : undefined;
    if (onEmbed) level.embedConditions.push(onEmbed);
    else level.filters.push(filterSql(alias, source, filter, ctx.params));
  }
  for (const tree of params?.logic ?? []) {
    level.filters.push(logicSql(alias, source, tree, ctx.params, embedFilter));
  }
  if (!spread) groupColumns(level);
  for (const term of params?.order ?? []) level.orderBy.push(orderSql(level, embeds, term));
  if (params?.limit !== undefined) level.limit = params.limit;
  if (params?.offset !== undefined) level.offset = params.offset;
  return level;
}

/** After building: an embed path in a parameter that matched no embed is PGRST108. */
export function checkAllLevelsUsed(ctx: ReadContext): void {
  for (const key of ctx.query.levels.keys()) {
    if (key !== '' && !ctx.usedLevels.has(key)) throw notEmbedded(key.split('.').at(-1) ?? key);
  }
}
