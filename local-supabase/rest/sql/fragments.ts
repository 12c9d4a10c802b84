// Quoting and parameters. Identifiers reach SQL only after the schema cache knew them, and are
// quoted anyway; values from a request only ever travel as parameters.
import { quoteIdent } from '../../db/sql.ts';
import { restError } from '../errors.ts';

export class SqlParams {
  readonly values: unknown[] = [];

  /** Adds a value and returns its placeholder (`$3`). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function refuseNul(text: string): void {
  if (text.includes('\u0000')) throw restError(400, '22021', 'invalid byte sequence: 0x00');
}

export function ident(name: string): string {
  refuseNul(name);
  return quoteIdent(name);
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** A string literal (standard_conforming_strings is on, so doubling quotes is the whole escape). */
export function literal(text: string): string {
  refuseNul(text);
  return `'${text.replace(/'/g, "''")}'`;
}

/** A bounded non-negative integer for LIMIT/OFFSET, already validated as digits by the parser. */
export function integer(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a row count: ${value}`);
  return String(value);
}

/**
 * Keeps only the parameters `sql` uses, renumbered in order of use: a statement may be built with
 * conditions it ends up not needing (filters on a POST), and Postgres refuses unused parameters it
 * cannot type. Quoted literals and identifiers are skipped, so their text is never touched.
 */
export function bindUsed(sql: string, values: unknown[]): { sql: string; params: unknown[] } {
  const renumbered = new Map<number, number>();
  const params: unknown[] = [];
  let out = '';
  let index = 0;
  while (index < sql.length) {
    const char = sql[index] ?? '';
    if (char === "'" || char === '"') {
      let end = index + 1;
      while (end < sql.length) {
        if (sql[end] === char) {
          if (sql[end + 1] === char) end += 2;
          else break;
        } else end += 1;
      }
      out += sql.slice(index, end + 1);
      index = end + 1;
      continue;
    }
    const digits = char === '$' ? /^\d+/.exec(sql.slice(index + 1)) : null;
    if (digits) {
      const old = Number(digits[0]);
      let position = renumbered.get(old);
      if (position === undefined) {
        params.push(values[old - 1]);
        position = params.length;
        renumbered.set(old, position);
      }
      out += `$${position}`;
      index += 1 + digits[0].length;
      continue;
    }
    out += char;
    index += 1;
  }
  return { sql: out, params };
}
