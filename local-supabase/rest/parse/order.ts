// The `order` parameter: `col.desc.nullslast,other,author(name).asc`.
import { Cursor, type Field } from './cursor.ts';

export interface OrderTerm {
  field: Field;
  /** `rel(col)`: order by a column of an embedded to-one resource. */
  relation?: string;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

const MAX_TERMS = 50;

function parseTerm(cursor: Cursor): OrderTerm {
  cursor.skipSpaces();
  const start = cursor.pos;
  let term: OrderTerm;
  const name = cursor.fieldName();
  if (cursor.eat('(')) {
    term = { relation: name, field: cursor.field() };
    cursor.expect(')');
  } else {
    cursor.pos = start;
    term = { field: cursor.field() };
  }
  if (cursor.eat('.asc')) term.direction = 'asc';
  else if (cursor.eat('.desc')) term.direction = 'desc';
  if (cursor.eat('.nullsfirst')) term.nulls = 'first';
  else if (cursor.eat('.nullslast')) term.nulls = 'last';
  cursor.skipSpaces();
  if (!cursor.done && cursor.peek() !== ',') {
    throw cursor.fail(
      term.direction || term.nulls
        ? '"," or end of input'
        : '"asc", "desc", "nullsfirst" or "nullslast"',
    );
  }
  return term;
}

export function parseOrder(input: string): OrderTerm[] {
  const cursor = new Cursor(input, 'order');
  const terms = [parseTerm(cursor)];
  while (cursor.eat(',')) {
    terms.push(parseTerm(cursor));
    if (terms.length > MAX_TERMS) throw cursor.fail(`at most ${MAX_TERMS} terms`);
  }
  return terms;
}

/** `columns=` and `on_conflict=`: comma-separated field names. */
export function parseColumnList(input: string, what: string): string[] {
  const cursor = new Cursor(input, what);
  const names: string[] = [];
  do {
    cursor.skipSpaces();
    names.push(cursor.fieldName());
    cursor.skipSpaces();
  } while (cursor.eat(','));
  if (!cursor.done) throw cursor.fail('"," or end of input');
  return names;
}
