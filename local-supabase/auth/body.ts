// Reads a JSON request body the way GoTrue's decoder does: malformed JSON or a field of the wrong type
// is 400 bad_json, never a 500.
import type { Context } from 'hono';
import { badRequest } from './errors.ts';

export type Body = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function readBody(c: Context): Promise<Body> {
  const text = await c.req.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: ${(error as Error).message}`,
    );
  }
  if (!isRecord(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  if (containsNul(parsed)) {
    throw badRequest('validation_failed', 'Request body must not contain NUL characters');
  }
  return parsed;
}

/** Postgres text and jsonb cannot hold U+0000; refuse it here rather than fail in the database. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (isRecord(value)) {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  }
  return false;
}

function wrongType(field: string, expected: string): Error {
  return badRequest(
    'bad_json',
    `Could not parse request body as JSON: json: cannot unmarshal into field ${field} of type ${expected}`,
  );
}

/** A string field; null and absent are undefined. */
export function stringField(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrongType(field, 'string');
  return value;
}

export function booleanField(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw wrongType(field, 'bool');
  return value;
}

export function objectField(body: Body, field: string): Record<string, unknown> | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw wrongType(field, 'map[string]interface {}');
  return value;
}
