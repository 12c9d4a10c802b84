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

/** `count()`: an aggregate (PostgREST's are off by default, so it is refused with PGRST123). */
export interface SelectAggregate {
  type: 'aggregate';
  name: string;
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
      const isCount = field.name === 'count' && !embed.hint && !embed.joinType && !alias;
      return isCount ? { type: 'aggregate', name: field.name } : embed;
    }
    embed.items = parseForestInParens(cursor, depth, state);
    return embed;
  }
  const column: SelectColumn = { type: 'column', field };
  if (alias !== undefined) column.alias = alias;
  if (cursor.eat('::')) {
    const cast = /^[\p{L}\p{N}_ $]+/u.exec(cursor.input.slice(cursor.pos));
    if (!cast) throw cursor.fail('letter or digit');
    cursor.pos += cast[0].length;
    column.cast = cast[0].trim();
  }
  cursor.skipSpaces();
  if (!atItemEnd(cursor)) throw cursor.fail('"->>", "->", "::", ")", "," or end of input');
  return column;
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
