// postgres_changes filters: `column=op.value` conditions joined by commas (AND), with an optional
// `not.` and PostgREST quoting (`"a,b"`), as realtime-js's filter builder writes them. Each operator
// and value is read by REST's filter parser, limited to Supabase Realtime's operators (eq, neq, lt,
// lte, gt, gte, in), and maps to SQL with REST's operator table, over a record `r` of the table's row
// type: values are cast to the column's own type, so a bad value fails the join.
import { quoteIdent } from '../../db/sql.ts';
import { ServiceError } from '../../http/errors.ts';
import { parseFilterValue, type Filter } from '../../rest/parse/filter.ts';
import { SQL_OPERATORS } from '../../rest/sql/filters.ts';
import type { TableInfo } from './tables.ts';

/** Supabase Realtime's operators; REST's grammar has more, which a subscription may not use. */
const OPERATORS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'] as const;

export type FilterOperator = (typeof OPERATORS)[number];

export interface FilterCondition {
  column: string;
  operator: FilterOperator;
  negate: boolean;
  /** One value, or several for `in`. */
  values: string[];
}

export class FilterError extends Error {
  override name = 'FilterError';
}

function isOperator(text: string): text is FilterOperator {
  return (OPERATORS as readonly string[]).includes(text);
}

/** Splits on `separator` outside double quotes and parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (quoted && char === '\\') {
      current += char + text.charAt(i + 1);
      i++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth--;
    if (char === separator && !quoted && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (quoted || depth !== 0) throw new FilterError(`unbalanced quotes or parentheses in "${text}"`);
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

function parseCondition(text: string): FilterCondition {
  const equals = text.indexOf('=');
  if (equals <= 0) throw new FilterError(`expected column=operator.value, got "${text}"`);
  const column = text.slice(0, equals).trim();
  const rest = text.slice(equals + 1);
  const named = /^(?:not\.)?([^.(]*)/.exec(rest)?.[1] ?? '';
  if (!isOperator(named)) throw new FilterError(`unknown filter operator "${named}"`);
  // The operator and its value in REST's grammar (PostgREST's pOpExpr), so both read them alike.
  let filter: Filter;
  try {
    filter = parseFilterValue({ name: column, jsonPath: [] }, rest);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const raw = rest.slice(rest.indexOf('.') + 1);
    throw new FilterError(
      named === 'in'
        ? `"in" expects a list like in.(a,b), got "${raw}"`
        : `expected column=operator.value, got "${text}"`,
    );
  }
  const { negate, operation } = filter;
  if (operation.kind === 'in') {
    if (operation.values.length === 0 || operation.values.some((value) => value === '')) {
      throw new FilterError('"in" expects at least one value');
    }
    return { column, operator: 'in', negate, values: operation.values };
  }
  if (operation.kind !== 'op' || operation.quantifier || !isOperator(operation.op)) {
    throw new FilterError(`unknown filter operator "${named}"`);
  }
  return { column, operator: operation.op, negate, values: [unquote(operation.value)] };
}

/** Parses a filter string; throws FilterError with a message for the join reply. */
export function parseFilter(filter: string): FilterCondition[] {
  if (filter.trim() === '') return [];
  return splitTopLevel(filter, ',').map((part) => parseCondition(part));
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
    const value = () => `${param(condition.values[0] ?? '')}::text::${column.sqlType}`;
    const sql =
      condition.operator === 'in'
        ? `${ref} = any(${param(condition.values)}::text[]::${column.sqlType}[])`
        : `${ref} ${SQL_OPERATORS[condition.operator]} ${value()}`;
    return condition.negate ? `not (${sql})` : `(${sql})`;
  });
  return `coalesce(${parts.join(' and ')}, false)`;
}
