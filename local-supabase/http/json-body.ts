// The one reader of JSON request bodies (auth, REST, storage, realtime's broadcast API). It reads the
// bytes once, enforces a size and a nesting limit, and parses; each service turns a `BodyError` into
// its own error shape, so the rules are shared and only the wording differs.
import type { Context } from 'hono';

export type BodyProblem = 'too_large' | 'invalid_json' | 'too_deep';

export class BodyError extends Error {
  readonly problem: BodyProblem;
  /** The limit that was passed (bytes for `too_large`, levels for `too_deep`). */
  readonly limit: number | undefined;

  constructor(problem: BodyProblem, message: string, limit?: number) {
    super(message);
    this.name = 'BodyError';
    this.problem = problem;
    this.limit = limit;
  }
}

export interface JsonBody {
  /** The body as sent (REST hands it to Postgres, which parses it again and keeps numbers exact). */
  text: string;
  /** The parsed value; `undefined` when the body is empty or only white space. */
  value: unknown;
}

export interface ReadJsonOptions {
  /** Refuse bodies larger than this (the declared Content-Length first, then the bytes read). */
  maxBytes?: number;
  /** Refuse arrays and objects nested deeper than this; `[]` is one level. */
  maxDepth?: number;
}

/**
 * How deeply arrays and objects nest, by scanning the text (strings skipped). A scan rather than a
 * walk of the parsed value: recursion over attacker-chosen depth is what overflows a call stack, and
 * Postgres parses JSON recursively, so REST must refuse deep bodies before they reach it.
 */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 92) index += 1;
      else if (char === 34) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 91 || char === 123) deepest = Math.max(deepest, ++depth);
    else if (char === 93 || char === 125) depth -= 1;
  }
  return deepest;
}

/** The body's bytes, refused (`too_large`) past `maxBytes`: the declared length first, then the read. */
export async function readBodyBytes(c: Context, maxBytes?: number): Promise<Uint8Array> {
  if (maxBytes !== undefined) {
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > maxBytes) throw tooLarge(maxBytes);
  }
  const buffer = await c.req.arrayBuffer();
  if (maxBytes !== undefined && buffer.byteLength > maxBytes) throw tooLarge(maxBytes);
  return new Uint8Array(buffer);
}

/** UTF-8 text, not fatal: invalid UTF-8 becomes U+FFFD, as Request.text() does; a BOM is dropped. */
export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

export async function readJsonBody(c: Context, options: ReadJsonOptions = {}): Promise<JsonBody> {
  const { maxBytes, maxDepth } = options;
  const text = decodeUtf8(await readBodyBytes(c, maxBytes));
  if (text.trim() === '') return { text, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BodyError('invalid_json', (error as Error).message);
  }
  if (maxDepth !== undefined && nestingDepth(text) > maxDepth) {
    throw new BodyError('too_deep', `JSON nested deeper than ${maxDepth} levels`, maxDepth);
  }
  return { text, value };
}

function tooLarge(maxBytes: number): BodyError {
  return new BodyError('too_large', `The request body exceeds ${maxBytes} bytes.`, maxBytes);
}
