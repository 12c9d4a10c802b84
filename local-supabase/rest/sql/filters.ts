// Filters and logic trees to SQL conditions. Values are parameters; Postgres infers their type from
// the column they are compared with, as it does for PostgREST's unknown-typed parameters.
import type { Filter, LogicTree, Operation, SimpleOperator } from '../parse/filter.ts';
import { fieldSql, hasField, requireColumn, type Source } from './columns.ts';
import { type SqlParams } from './fragments.ts';

/** Each filter operator's SQL operator (realtime's postgres_changes filters use it too). */
export const SQL_OPERATORS: Record<SimpleOperator, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
};

const FTS_FUNCTIONS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;

/** PostgREST lets `*` stand for `%` in like patterns (a `%` is awkward in URLs). */
function likePattern(op: SimpleOperator, value: string): string {
  return op === 'like' || op === 'ilike' ? value.replace(/\*/g, '%') : value;
}

function operationSql(
  expr: string,
  operation: Operation,
  params: SqlParams,
  isTsvector: boolean,
): string {
  switch (operation.kind) {
    case 'op': {
      const sqlOp = SQL_OPERATORS[operation.op];
      const value = likePattern(operation.op, operation.value);
      if (operation.quantifier) {
        return `${expr} ${sqlOp} ${operation.quantifier}(${params.add(value)})`;
      }
      return `${expr} ${sqlOp} ${params.add(value)}`;
    }
    case 'in':
      if (operation.values.length === 0) return 'false';
      return `${expr} in (${operation.values.map((value) => params.add(value)).join(', ')})`;
    case 'is':
      return `${expr} is ${operation.value}`;
    case 'fts': {
      const config =
        operation.config === undefined ? '' : `${params.add(operation.config)}::regconfig, `;
      const document = isTsvector ? expr : `to_tsvector(${config}${expr})`;
      return `${document} @@ ${FTS_FUNCTIONS[operation.op]}(${config}${params.add(operation.value)})`;
    }
  }
}

export function filterSql(
  alias: string,
  source: Source,
  filter: Filter,
  params: SqlParams,
): string {
  const expr = fieldSql(alias, source, filter.field);
  const column = requireColumn(source, filter.field.name);
  const isTsvector = column.udt === 'tsvector' && filter.field.jsonPath.length === 0;
  const condition = operationSql(expr, filter.operation, params, isTsvector);
  return filter.negate ? `not (${condition})` : condition;
}

/**
 * Whether a filter may name an embed: `rel=is.null` on an embedded `rel` is about the embed even when
 * the source also has a column of that name (PostgREST picks the relation); other operators are
 * about the column if there is one.
 */
export function embedFirst(source: Source, filter: Filter): boolean {
  const { operation, field } = filter;
  const nullTest =
    operation.kind === 'is' && operation.value === 'null' && field.jsonPath.length === 0;
  return nullTest || !hasField(source, field.name);
}

/** Turns `embed=is.null` into a condition, or returns undefined when the name is no embed. */
export type EmbedFilter = (filter: Filter) => string | undefined;

export function logicSql(
  alias: string,
  source: Source,
  tree: LogicTree,
  params: SqlParams,
  embedFilter?: EmbedFilter,
): string {
  if (tree.kind === 'filter') {
    const onEmbed = embedFirst(source, tree.filter) ? embedFilter?.(tree.filter) : undefined;
    return onEmbed ?? filterSql(alias, source, tree.filter, params);
  }
  const joined = tree.children
    .map((child) => `(${logicSql(alias, source, child, params, embedFilter)})`)
    .join(` ${tree.op} `);
  return tree.negate ? `not (${joined})` : `(${joined})`;
}
