// Splits a request's query string the way PostgREST does: reserved parameters (select, columns,
// on_conflict), per-embed order/limit/offset/and/or, filters, and RPC arguments.
import { parseError } from '../errors.ts';
import { Cursor, type Field } from './cursor.ts';
import {
  looksLikeFilter,
  parseFilterValue,
  parseLogicTree,
  type Filter,
  type LogicTree,
} from './filter.ts';
import { parseColumnList, parseOrder, type OrderTerm } from './order.ts';
import { parseSelect, type SelectItem } from './select.ts';

export interface LevelParams {
  filters: Filter[];
  logic: LogicTree[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Whether `select` was given (mutations return nothing to project without it). */
  hasSelect: boolean;
  columns?: string[];
  onConflict?: string[];
  /** Parameters per embed path, keyed by the path joined with '.' ('' is the top level). */
  levels: Map<string, LevelParams>;
  /** Parameters without an operator: RPC arguments on GET. */
  args: [string, string][];
}

const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);
const MAX_PARAMS = 300;

function parseCount(key: string, value: string): number {
  if (!/^\d{1,15}$/.test(value)) {
    throw parseError(key, value, 1, 'expecting a non-negative integer');
  }
  return Number(value);
}

/** `a.b.col->x` → path ['a','b'] and field col->x. */
function parseKeyPath(key: string): { path: string[]; field: Field } {
  const cursor = new Cursor(key, 'tree path');
  const names = [cursor.fieldName()];
  while (cursor.eat('.')) names.push(cursor.fieldName());
  const jsonPath = cursor.jsonPath();
  if (!cursor.done) throw cursor.fail('delimiter (.), "->" or end of input');
  const name = names.pop() ?? '';
  return { path: names, field: { name, jsonPath } };
}

function level(levels: Map<string, LevelParams>, path: string[]): LevelParams {
  const key = path.join('.');
  let found = levels.get(key);
  if (!found) {
    found = { filters: [], logic: [], order: [] };
    levels.set(key, found);
  }
  return found;
}

function addEmbeddable(levels: Map<string, LevelParams>, key: string, value: string): void {
  const parts = key.split('.');
  const last = parts.pop() ?? '';
  if (last === 'and' || last === 'or') {
    const negate = parts.at(-1) === 'not';
    if (negate) parts.pop();
    level(levels, parts).logic.push(parseLogicTree(last, negate, value));
    return;
  }
  const target = level(levels, parts);
  if (last === 'order') target.order.push(...parseOrder(value));
  else if (last === 'limit') target.limit = parseCount(key, value);
  else target.offset = parseCount(key, value);
}

export function parseQuery(search: URLSearchParams, options: { rpc: boolean }): ParsedQuery {
  const levels = new Map<string, LevelParams>([['', { filters: [], logic: [], order: [] }]]);
  const args: [string, string][] = [];
  const selectText = search.get('select') ?? undefined;
  const parsed: ParsedQuery = {
    select: parseSelect(selectText),
    hasSelect: selectText !== undefined,
    levels,
    args,
  };
  const columns = search.get('columns');
  if (columns !== null) parsed.columns = parseColumnList(columns, 'columns parameter');
  const onConflict = search.get('on_conflict');
  if (onConflict !== null) {
    parsed.onConflict = parseColumnList(onConflict, 'on_conflict parameter');
  }
  let count = 0;
  for (const [key, value] of search) {
    count += 1;
    if (count > MAX_PARAMS)
      throw parseError('query string', '…', 1, `at most ${MAX_PARAMS} parameters`);
    if (RESERVED.has(key)) continue;
    if (EMBEDDABLE.has(key.split('.').at(-1) ?? '')) {
      addEmbeddable(levels, key, value);
      continue;
    }
    const isFilter = key.includes('.') || looksLikeFilter(value);
    if (!isFilter && options.rpc) {
      args.push([key, value]);
      continue;
    }
    const { path, field } = parseKeyPath(key);
    const filter = parseFilterValue(field, value);
    level(levels, path).filters.push(filter);
  }
  return parsed;
}
