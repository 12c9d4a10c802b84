// postgres_changes filters: `column=op.value` conditions joined by commas (AND), with an optional
// `not.` and PostgREST quoting (`"a,b"`), as realtime-js's filter builder writes them. They compile to
// SQL over a record `r` of the table's row type, so values compare with the column's own type.
import type { TableInfo } from './tables.ts';

export type FilterOperator =
  | 'eq'
  | 'neq'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'in'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'is'
  | 'isdistinct';

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

const OPERATORS = new Set<string>([
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
]);

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
  let rest = text.slice(equals + 1);
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const operator = dot < 0 ? rest : rest.slice(0, dot);
  if (!OPERATORS.has(operator)) throw new FilterError(`unknown filter operator "${operator}"`);
  const raw = dot < 0 ? '' : rest.slice(dot + 1);
  if (operator === 'in') {
    const match = /^\((.*)\)$/s.exec(raw.trim());
    if (!match) throw new FilterError(`"in" expects a list like in.(a,b), got "${raw}"`);
    const values = splitTopLevel(match[1] ?? '', ',').map(unquote);
    if (values.length === 0 || values.some((value) => value === '')) {
      throw new FilterError('"in" expects at least one value');
    }
    return { column, operator, negate, values };
  }
  if (operator === 'is' && !/^(null|true|false|unknown)$/i.test(raw)) {
    throw new FilterError(`"is" expects null, true, false or unknown, got "${raw}"`);
  }
  return { column, operator: operator as FilterOperator, negate, values: [unquote(raw)] };
}

/** Parses a filter string; throws FilterError with a message for the join reply. */
export function parseFilter(filter: string): FilterCondition[] {
  if (filter.trim() === '') return [];
  return splitTopLevel(filter, ',').map((part) => parseCondition(part));
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
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
    const pattern = () =>
      param(
        ['like', 'ilike'].includes(condition.operator)
          ? (condition.values[0] ?? '').replace(/\*/g, '%')
          : (condition.values[0] ?? ''),
      );
    const sql = (() => {
      switch (condition.operator) {
        case 'eq':
          return `${ref} = ${value()}`;
        case 'neq':
          return `${ref} <> ${value()}`;
        case 'lt':
          return `${ref} < ${value()}`;
        case 'lte':
          return `${ref} <= ${value()}`;
        case 'gt':
          return `${ref} > ${value()}`;
        case 'gte':
          return `${ref} >= ${value()}`;
        case 'in':
          return `${ref} = any(${param(condition.values)}::text[]::${column.sqlType}[])`;
        case 'like':
          return `${ref}::text like ${pattern()}`;
        case 'ilike':
          return `${ref}::text ilike ${pattern()}`;
        case 'match':
          return `${ref}::text ~ ${pattern()}`;
        case 'imatch':
          return `${ref}::text ~* ${pattern()}`;
        case 'is':
          return `${ref} is ${(condition.values[0] ?? 'null').toLowerCase()}`;
        case 'isdistinct':
          return `${ref} is distinct from ${value()}`;
      }
    })();
    return condition.negate ? `not (${sql})` : `(${sql})`;
  });
  return `coalesce(${parts.join(' and ')}, false)`;
}
