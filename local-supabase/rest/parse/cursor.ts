// A cursor over one query parameter value, with the field-name and JSON-path rules PostgREST's
// parsers share (`QueryParams.hs`: pFieldName, pJsonPath, pQuotedValue).
import type { ServiceError } from '../../http/errors.ts';
import { parseError } from '../errors.ts';

export interface JsonStep {
  /** `->` keeps JSON, `->>` gives text. */
  arrow: '->' | '->>';
  key: string;
  isIndex: boolean;
}

export interface Field {
  name: string;
  jsonPath: JsonStep[];
}

const IDENTIFIER_CHAR = /[\p{L}\p{N}_ $]/u;

export class Cursor {
  readonly input: string;
  readonly what: string;
  pos = 0;

  constructor(input: string, what: string) {
    this.input = input;
    this.what = what;
  }

  get done(): boolean {
    return this.pos >= this.input.length;
  }

  peek(offset = 0): string {
    return this.input[this.pos + offset] ?? '';
  }

  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }

  eat(text: string): boolean {
    if (!this.startsWith(text)) return false;
    this.pos += text.length;
    return true;
  }

  expect(text: string, expecting = `"${text}"`): void {
    if (!this.eat(text)) throw this.fail(expecting);
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos += 1;
  }

  /** A PGRST100 error at the cursor, worded like Parsec's. */
  fail(expecting: string, unexpected?: string): ServiceError {
    const found = unexpected ?? (this.done ? 'end of input' : `"${this.peek()}"`);
    return parseError(
      this.what,
      this.input,
      this.pos + 1,
      `unexpected ${found} expecting ${expecting}`,
    );
  }

  /** `"..."` with backslash escapes. */
  quoted(): string | null {
    if (this.peek() !== '"') return null;
    let value = '';
    let index = this.pos + 1;
    while (index < this.input.length) {
      const char = this.input[index] ?? '';
      if (char === '\\' && index + 1 < this.input.length) {
        value += this.input[index + 1] ?? '';
        index += 2;
      } else if (char === '"') {
        this.pos = index + 1;
        return value;
      } else {
        value += char;
        index += 1;
      }
    }
    throw this.fail('closing quote "\\""', 'end of input');
  }

  /** Letters, digits, `_`, `$` and spaces, in words joined by `-` (but `->` starts a JSON path). */
  fieldName(): string {
    const quoted = this.quoted();
    if (quoted !== null) return quoted;
    const start = this.pos;
    for (;;) {
      while (IDENTIFIER_CHAR.test(this.peek())) this.pos += 1;
      if (this.peek() === '-' && this.peek(1) !== '>' && IDENTIFIER_CHAR.test(this.peek(1))) {
        this.pos += 1;
        continue;
      }
      break;
    }
    const name = this.input.slice(start, this.pos).trim();
    if (name === '') {
      this.pos = start;
      throw this.fail('field name (* or [a..z0..9_$])');
    }
    return name;
  }

  jsonPath(): JsonStep[] {
    const steps: JsonStep[] = [];
    for (;;) {
      let arrow: JsonStep['arrow'];
      if (this.eat('->>')) arrow = '->>';
      else if (this.eat('->')) arrow = '->';
      else return steps;
      const index = /^-?\d+/.exec(this.input.slice(this.pos));
      const after = index ? this.input.slice(this.pos + index[0].length) : '';
      if (index && /^(->|::|\.|,|\)|$)/.test(after)) {
        this.pos += index[0].length;
        steps.push({ arrow, key: index[0], isIndex: true });
      } else {
        steps.push({ arrow, key: this.fieldName(), isIndex: false });
      }
    }
  }

  field(): Field {
    this.skipSpaces();
    const name = this.fieldName();
    const jsonPath = this.jsonPath();
    this.skipSpaces();
    return { name, jsonPath };
  }
}
