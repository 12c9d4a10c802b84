// The `select` parameter: `id,alias:col->json->>key::text,author:profiles!hint!inner(*),...rel(*)`.
import { Cursor, type Field } from './cursor.ts';

export interface SelectColumn {
  type: 'column';
  field: Field;
  alias?: string;
  cast?: string;
}

export interface SelectStar {
  type: 'star';
}

export interface SelectEmbed {
  type: 'embed';
  name: string;
  alias?: string;
  hint?: string;
  joinType?: 'inner' | 'left';
  /** `...rel(cols)`: the embedded columns are merged into the parent (to-one only). */
  spread: boolean;
  /** Empty for `rel()`: nothing is output, the embed only filters. */
  items: SelectItem[];
}

export const AGGREGATES = ['count', 'sum', 'avg', 'max', 'min'] as const;
export type AggregateFunction = (typeof AGGREGATES)[number];

/**
 * `count()`, `alias:col::cast.sum()::cast`: an aggregate, allowed only when the authenticator role
 * has `pgrst.db_aggregates_enabled` (PGRST123 otherwise). `field` is absent for `count()`.
 */
export interface SelectAggregate {
  type: 'aggregate';
  fn: AggregateFunction;
  field?: Field;
  /** The column's cast, before the function (`amount::int.sum()`). */
  cast?: string;
  /** The result's cast (`amount.sum()::text`). */
  resultCast?: string;
  alias?: string;
}

export type SelectItem = SelectColumn | SelectStar | SelectEmbed | SelectAggregate;

const MAX_DEPTH = 8;
const MAX_ITEMS = 500;

interface State {
  items: number;
}

function parseEmbedParams(cursor: Cursor, embed: SelectEmbed): void {
  for (let i = 0; i < 2 && cursor.eat('!'); i += 1) {
    const param = cursor.fieldName();
    if (param === 'inner' || param === 'left') embed.joinType = param;
    else embed.hint = param;
  }
}

function atItemEnd(cursor: Cursor): boolean {
  return cursor.done || cursor.peek() === ',' || cursor.peek() === ')';
}

function parseItem(cursor: Cursor, depth: number, state: State): SelectItem {
  state.items += 1;
  if (state.items > MAX_ITEMS) throw cursor.fail(`at most ${MAX_ITEMS} items`);
  cursor.skipSpaces();
  if (cursor.eat('*')) {
    cursor.skipSpaces();
    if (!atItemEnd(cursor)) throw cursor.fail('")", "," or end of input');
    return { type: 'star' };
  }
  if (cursor.eat('...')) {
    const embed: SelectEmbed = { type: 'embed', name: cursor.fieldName(), spread: true, items: [] };
    parseEmbedParams(cursor, embed);
    embed.items = parseForestInParens(cursor, depth, state);
    return embed;
  }
  const start = cursor.pos;
  let alias: string | undefined;
  const first = cursor.fieldName();
  if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.pos += 1;
    alias = first;
  } else {
    cursor.pos = start;
  }
  const field = cursor.field();
  if (field.jsonPath.length === 0 && (cursor.peek() === '!' || cursor.peek() === '(')) {
    const embed: SelectEmbed = { type: 'embed', name: field.name, spread: false, items: [] };
    if (alias !== undefined) embed.alias = alias;
    parseEmbedParams(cursor, embed);
    if (cursor.startsWith('()')) {
      cursor.pos += 2;
      // `count()` is an aggregate; `rel()` embeds nothing but can still filter (`rel=not.is.null`).
      if (field.name === 'count' && !embed.hint && !embed.joinType) {
        const count: SelectAggregate = { type: 'aggregate', fn: 'count' };
        if (alias !== undefined) count.alias = alias;
        return finishAggregate(cursor, count);
      }
      return embed;
    }
    embed.items = parseForestInParens(cursor, depth, state);
    return embed;
  }
  const column: SelectColumn = { type: 'column', field };
  if (alias !== undefined) column.alias = alias;
  const cast = parseCast(cursor);
  if (cast !== undefined) column.cast = cast;
  const fn = aggregateCall(cursor);
  if (fn) {
    const aggregate: SelectAggregate = { type: 'aggregate', fn, field };
    if (alias !== undefined) aggregate.alias = alias;
    if (cast !== undefined) aggregate.cast = cast;
    return finishAggregate(cursor, aggregate);
  }
  cursor.skipSpaces();
  if (!atItemEnd(cursor)) throw cursor.fail('"->>", "->", "::", ")", "," or end of input');
  return column;
}

/** `::type` after a column or an aggregate. */
function parseCast(cursor: Cursor): string | undefined {
  if (!cursor.eat('::')) return undefined;
  const cast = /^[\p{L}\p{N}_ $]+/u.exec(cursor.input.slice(cursor.pos));
  if (!cast) throw cursor.fail('letter or digit');
  cursor.pos += cast[0].length;
  return cast[0].trim();
}

/** `.sum()` and the like after a column. */
function aggregateCall(cursor: Cursor): AggregateFunction | undefined {
  const call = /^\.(count|sum|avg|max|min)\(\)/.exec(cursor.input.slice(cursor.pos));
  if (!call) return undefined;
  cursor.pos += call[0].length;
  return call[1] as AggregateFunction;
}

function finishAggregate(cursor: Cursor, aggregate: SelectAggregate): SelectAggregate {
  const resultCast = parseCast(cursor);
  if (resultCast !== undefined) aggregate.resultCast = resultCast;
  cursor.skipSpaces();
  if (!atItemEnd(cursor)) throw cursor.fail('"::", ")", "," or end of input');
  return aggregate;
}

function parseForestInParens(cursor: Cursor, depth: number, state: State): SelectItem[] {
  if (depth >= MAX_DEPTH) throw cursor.fail(`at most ${MAX_DEPTH} levels of embedding`);
  cursor.expect('(');
  const items = parseForest(cursor, depth + 1, state);
  cursor.expect(')', '")" or ","');
  return items;
}

function parseForest(cursor: Cursor, depth: number, state: State): SelectItem[] {
  const items = [parseItem(cursor, depth, state)];
  while (cursor.eat(',')) items.push(parseItem(cursor, depth, state));
  return items;
}

/** Parses `select`; an absent or empty parameter means `*`. */
export function parseSelect(input: string | undefined): SelectItem[] {
  if (input === undefined || input === '') return [{ type: 'star' }];
  const cursor = new Cursor(input, 'select parameter');
  const items = parseForest(cursor, 0, { items: 0 });
  if (!cursor.done) throw cursor.fail('"," or end of input');
  return items;
}
