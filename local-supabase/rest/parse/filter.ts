// Filters (`col=not.in.(a,"b,c")`) and logic trees (`or=(a.eq.1,and(b.gt.2,c.is.null))`), as
// PostgREST's pOpExpr and pLogicTree parse them.
import { Cursor, type Field } from './cursor.ts';

export const SIMPLE_OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'isdistinct',
] as const;
export type SimpleOperator = (typeof SIMPLE_OPERATORS)[number];

const FTS_OPERATORS = ['fts', 'plfts', 'phfts', 'wfts'] as const;
export type FtsOperator = (typeof FTS_OPERATORS)[number];

/** Operators that take `(any)` / `(all)` with a `{a,b}` list. */
const QUANTIFIABLE = new Set(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);

export type Operation =
  | { kind: 'op'; op: SimpleOperator; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: 'null' | 'true' | 'false' | 'unknown' }
  | { kind: 'fts'; op: FtsOperator; config?: string; value: string };

export interface Filter {
  field: Field;
  negate: boolean;
  operation: Operation;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'group'; op: 'and' | 'or'; negate: boolean; children: LogicTree[] };

const MAX_LOGIC_DEPTH = 10;
const MAX_LOGIC_LEAVES = 200;
const MAX_IN_VALUES = 1000;

function isSimpleOperator(text: string): text is SimpleOperator {
  return (SIMPLE_OPERATORS as readonly string[]).includes(text);
}

function isFtsOperator(text: string): text is FtsOperator {
  return (FTS_OPERATORS as readonly string[]).includes(text);
}

/** True when a parameter value starts with an operator, so it is a filter rather than an RPC argument. */
export function looksLikeFilter(value: string): boolean {
  const first = value.split('.')[0] ?? '';
  const bare = first.replace(/\(.*$/, '');
  return (
    first === 'not' ||
    isSimpleOperator(bare) ||
    isFtsOperator(bare) ||
    first === 'in' ||
    first === 'is'
  );
}

/** `(a,"b,c",d)`: elements quoted when they contain `,` or `)`. */
function parseList(cursor: Cursor): string[] {
  cursor.skipSpaces();
  cursor.expect('(');
  const values: string[] = [];
  let quotedAny = false;
  for (;;) {
    const start = cursor.pos;
    const quoted = cursor.peek() === '"' ? cursor.quoted() : null;
    if (quoted !== null && (cursor.peek() === ',' || cursor.peek() === ')')) {
      values.push(quoted);
      quotedAny = true;
    } else {
      cursor.pos = start;
      while (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.pos += 1;
      values.push(cursor.input.slice(start, cursor.pos));
    }
    if (values.length > MAX_IN_VALUES) throw cursor.fail(`at most ${MAX_IN_VALUES} values`);
    if (!cursor.eat(',')) break;
  }
  cursor.expect(')', '"," or ")"');
  cursor.skipSpaces();
  // `in.()` is an empty list: no row matches.
  return values.length === 1 && values[0] === '' && !quotedAny ? [] : values;
}

/** A value inside a logic tree ends at `,` or `)` unless quoted or a `{...}` array literal. */
function parseLogicValue(cursor: Cursor): string {
  const start = cursor.pos;
  if (cursor.peek() === '"') {
    const quoted = cursor.quoted();
    if (quoted !== null && (cursor.peek() === ',' || cursor.peek() === ')' || cursor.done)) {
      return quoted;
    }
    cursor.pos = start;
  }
  if (cursor.peek() === '{') {
    const close = cursor.input.indexOf('}', cursor.pos);
    const inner = close < 0 ? '' : cursor.input.slice(cursor.pos + 1, close);
    if (close >= 0 && !inner.includes('{')) {
      cursor.pos = close + 1;
      return cursor.input.slice(start, cursor.pos);
    }
  }
  while (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.pos += 1;
  return cursor.input.slice(start, cursor.pos);
}

function restOf(cursor: Cursor): string {
  const value = cursor.input.slice(cursor.pos);
  cursor.pos = cursor.input.length;
  return value;
}

function parseOperation(cursor: Cursor, value: (cursor: Cursor) => string): Operation {
  if (cursor.eat('in.')) return { kind: 'in', values: parseList(cursor) };
  if (cursor.eat('is.')) {
    const word = /^(null|unknown|true|false)/i.exec(cursor.input.slice(cursor.pos));
    if (!word?.[1]) throw cursor.fail('null or trilean value (unknown, true, false)');
    cursor.pos += word[1].length;
    return { kind: 'is', value: word[1].toLowerCase() as 'null' | 'true' | 'false' | 'unknown' };
  }
  const start = cursor.pos;
  const name = /^[a-z]+/.exec(cursor.input.slice(cursor.pos))?.[0] ?? '';
  cursor.pos += name.length;
  if (isFtsOperator(name)) {
    let config: string | undefined;
    if (cursor.eat('(')) {
      const match = /^[\p{L}\p{N}_ $]+/u.exec(cursor.input.slice(cursor.pos));
      if (!match) throw cursor.fail('letter or digit');
      cursor.pos += match[0].length;
      config = match[0].trim();
      cursor.expect(')');
    }
    cursor.expect('.', 'delimiter (.)');
    const operation: Operation = { kind: 'fts', op: name, value: value(cursor) };
    if (config !== undefined) operation.config = config;
    return operation;
  }
  if (isSimpleOperator(name)) {
    let quantifier: 'any' | 'all' | undefined;
    if (cursor.eat('(any)')) quantifier = 'any';
    else if (cursor.eat('(all)')) quantifier = 'all';
    if (quantifier && !QUANTIFIABLE.has(name)) {
      cursor.pos = start;
      throw cursor.fail('operator (eq, gt, ...)', `"${name}(${quantifier})"`);
    }
    if (cursor.eat('.')) {
      const operation: Operation = { kind: 'op', op: name, value: value(cursor) };
      if (quantifier) operation.quantifier = quantifier;
      return operation;
    }
  }
  cursor.pos = start;
  const dot = cursor.input.indexOf('.', start);
  const shown = dot < 0 ? cursor.input.slice(start) : cursor.input.slice(start, dot);
  throw cursor.fail('operator (eq, gt, ...)', `unknown single value operator ${shown}`);
}

function parseOpExpr(cursor: Cursor, value: (cursor: Cursor) => string) {
  const negate = cursor.eat('not.');
  return { negate, operation: parseOperation(cursor, value) };
}

/** A filter parameter's value: `[not.]op[(any|all)].value`, `in.(...)`, `is.null`, `fts(cfg).q`. */
export function parseFilterValue(field: Field, input: string): Filter {
  const cursor = new Cursor(input, 'filter');
  const { negate, operation } = parseOpExpr(cursor, restOf);
  if (!cursor.done) throw cursor.fail('end of input');
  return { field, negate, operation };
}

interface TreeState {
  leaves: number;
}

function parseTree(cursor: Cursor, depth: number, state: TreeState): LogicTree {
  if (depth > MAX_LOGIC_DEPTH) throw cursor.fail(`at most ${MAX_LOGIC_DEPTH} levels of nesting`);
  cursor.skipSpaces();
  const group = /^(not\.)?(and|or)\(/.exec(cursor.input.slice(cursor.pos));
  if (group) {
    cursor.pos += group[0].length;
    const children = [parseTree(cursor, depth + 1, state)];
    for (;;) {
      cursor.skipSpaces();
      if (!cursor.eat(',')) break;
      children.push(parseTree(cursor, depth + 1, state));
    }
    cursor.skipSpaces();
    cursor.expect(')', '"," or ")"');
    return {
      kind: 'group',
      op: group[2] === 'and' ? 'and' : 'or',
      negate: group[1] !== undefined,
      children,
    };
  }
  state.leaves += 1;
  if (state.leaves > MAX_LOGIC_LEAVES) throw cursor.fail(`at most ${MAX_LOGIC_LEAVES} conditions`);
  let field: Field;
  try {
    field = cursor.field();
  } catch {
    throw cursor.fail(
      'field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)',
    );
  }
  cursor.expect('.', 'delimiter (.)');
  const { negate, operation } = parseOpExpr(cursor, parseLogicValue);
  cursor.skipSpaces();
  return { kind: 'filter', filter: { field, negate, operation } };
}

/** `or=(...)` with key `or` / `not.or` (the operator and negation come from the key). */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, input: string): LogicTree {
  const text = `${negate ? 'not.' : ''}${op}${input}`;
  const cursor = new Cursor(text, 'logic tree');
  if (!input.startsWith('(')) {
    cursor.pos = text.length - input.length;
    throw cursor.fail('"("');
  }
  const tree = parseTree(cursor, 0, { leaves: 0 });
  if (!cursor.done) throw cursor.fail('end of input');
  return tree;
}
