// postgres_changes filters as Supabase Realtime reads them (supabase/realtime's
// `parse_subscription_params`, and realtime-js 2.119.1's filter builder): `column=[not.]op.value`
// conditions joined by commas (AND), values in PostgREST quoting (`"a,b"`). Each operator and value is
// read by REST's filter parser and maps to SQL with REST's operator table, over a record `r` of the
// table's row type: values are cast to the column's own type, so a bad value fails the join. What
// Realtime refuses is refused with its reason (`Error parsing `filter` params: ["foo", "hey"]`).
import { quoteIdent } from '../../db/sql.ts';
import { ServiceError } from '../../http/errors.ts';
import { parseFilterValue, type Filter } from '../../rest/parse/filter.ts';
import { SQL_OPERATORS } from '../../rest/sql/filters.ts';
import type { TableInfo } from './tables.ts';

/** Supabase Realtime's operators; REST's grammar has more, which a subscription may not use. */
const OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
] as const;

export type FilterOperator = (typeof OPERATORS)[number];

/** Realtime's limit on the values of one `in` filter. */
const MAX_IN_VALUES = 100;

export interface FilterCondition {
  column: string;
  operator: FilterOperator;
  negate: boolean;
  /** One value (for `is`: null, true, false or unknown), or the list of `in`. */
  values: string[];
}

/** A filter Realtime refuses; the message is its reason, without the "Error parsing" prefix. */
export class FilterError extends Error {
  override name = 'FilterError';
}

function isOperator(text: string): text is FilterOperator {
  return (OPERATORS as readonly string[]).includes(text);
}

/** A list of strings as Elixir's `inspect` prints it, which is how Realtime shows what it refused. */
function inspect(parts: string[]): string {
  return `[${parts.map((part) => JSON.stringify(part)).join(', ')}]`;
}

/**
 * Splits on commas outside parentheses and double quotes, as Realtime does: a quote opens only after
 * `.`, `(` or `,` (so `it"s` is a plain character), a backslash escapes inside quotes, and unbalanced
 * parentheses or quotes are not an error here (the condition that holds them is refused later).
 */
function splitConditions(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let previous = '';
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (quoted && char === '\\' && i + 1 < text.length) {
      current += char + text.charAt(i + 1);
      previous = text.charAt(++i);
      continue;
    }
    if (quoted) {
      if (char === '"') quoted = false;
    } else if (char === '"' && ['.', '(', ','].includes(previous)) {
      quoted = true;
    } else if (char === '(') {
      depth++;
    } else if (char === ')') {
      depth = Math.max(0, depth - 1);
    } else if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
      previous = '';
      continue;
    }
    current += char;
    previous = char;
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

function parseCondition(segment: string): FilterCondition {
  const text = segment.trim();
  if (text === '')
    throw new FilterError('filter must not contain empty segments (check for extra commas)');
  const equals = text.indexOf('=');
  if (equals < 0) throw new FilterError(inspect([text]));
  const column = text.slice(0, equals);
  const rest = text.slice(equals + 1);
  const opValue = rest.startsWith('not.') ? rest.slice(4) : rest;
  const dot = opValue.indexOf('.');
  if (dot < 0) throw new FilterError(inspect([opValue]));
  const named = opValue.slice(0, dot);
  const raw = opValue.slice(dot + 1);
  if (!isOperator(named)) throw new FilterError(inspect([named, raw]));
  if (named === 'in' && !(raw.length >= 2 && raw.startsWith('(') && raw.endsWith(')'))) {
    throw new FilterError('`in` filter value must be wrapped by parentheses');
  }
  // The operator and its value in REST's grammar (PostgREST's pOpExpr), so both read them alike.
  let filter: Filter;
  try {
    filter = parseFilterValue({ name: column, jsonPath: [] }, rest);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    throw new FilterError(
      named === 'is'
        ? 'invalid value for is filter: must be null, true, false, or unknown'
        : `${inspect([named, raw])}: ${error.message}`,
    );
  }
  const { negate, operation } = filter;
  if (operation.kind === 'in') {
    if (operation.values.length > MAX_IN_VALUES) {
      throw new FilterError(`too many values for \`in\` filter. Maximum ${String(MAX_IN_VALUES)}`);
    }
    return { column, operator: 'in', negate, values: operation.values };
  }
  if (operation.kind === 'is') return { column, operator: 'is', negate, values: [operation.value] };
  if (operation.kind !== 'op' || operation.quantifier || operation.op !== named) {
    throw new FilterError(inspect([named, raw]));
  }
  return { column, operator: named, negate, values: [unquote(operation.value)] };
}

/** Parses a filter string; throws FilterError with Realtime's reason for the join reply. */
export function parseFilter(filter: string): FilterCondition[] {
  const text = filter.trim();
  if (text === '') return [];
  return splitConditions(text).map((part) => parseCondition(part));
}

/**
 * SQL (over a record aliased `r`) that is true when the conditions hold; `param(value)` adds a
 * parameter and returns its placeholder. Throws FilterError for unknown columns.
 */
export function compileFilter(
  conditions: FilterCondition[],
  table: TableInfo,
  param: (value: unknown) => string,
): string {
  if (conditions.length === 0) return 'true';
  const parts = conditions.map((condition) => {
    const column = table.columns.find((c) => c.name === condition.column);
    if (!column) {
      throw new FilterError(
        `column "${condition.column}" does not exist in ${table.schema}.${table.table}`,
      );
    }
    const ref = `r.${quoteIdent(column.name)}`;
    const [value = ''] = condition.values;
    let sql: string;
    if (condition.operator === 'in') {
      sql = `${ref} = any(${param(condition.values)}::text[]::${column.sqlType}[])`;
    } else if (condition.operator === 'is') {
      // One of four keywords (the parser accepts no other), as SQL has no parameter for them.
      sql = `${ref} is ${value}`;
    } else {
      // As Realtime compares: the value cast to the column's type (`like` keeps `*` as it is).
      sql = `${ref} ${SQL_OPERATORS[condition.operator]} ${param(value)}::text::${column.sqlType}`;
    }
    return condition.negate ? `not (${sql})` : `(${sql})`;
  });
  return `coalesce(${parts.join(' and ')}, false)`;
}
