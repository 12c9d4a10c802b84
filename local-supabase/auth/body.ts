// Reads a JSON request body the way GoTrue's decoder does: malformed JSON or a field of the wrong type
// is 400 bad_json, never a 500.
import type { Context } from 'hono';
import { BodyError, readJsonBody } from '../http/json-body.ts';
import { badRequest } from './errors.ts';

export type Body = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deeper than any metadata a person writes; a 5,000-level body is an attack, not a profile. */
export const MAX_JSON_DEPTH = 32;

export async function readBody(c: Context): Promise<Body> {
  let parsed: unknown;
  try {
    parsed = (await readJsonBody(c, { maxDepth: MAX_JSON_DEPTH })).value;
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    if (error.problem === 'too_deep') {
      throw badRequest(
        'validation_failed',
        `Request body is nested more than ${MAX_JSON_DEPTH} levels deep`,
      );
    }
    throw badRequest('bad_json', `Could not parse request body as JSON: ${error.message}`);
  }
  if (parsed === undefined) {
    throw badRequest(
      'bad_json',
      'Could not parse request body as JSON: Unexpected end of JSON input',
    );
  }
  if (!isRecord(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  checkJsonValues(parsed);
  return parsed;
}

/**
 * Refuses what Postgres text and jsonb cannot hold (U+0000, a lone UTF-16 surrogate) with a 400
 * instead of a database error. Walks with an explicit stack, never recursion over the client's data.
 */
function checkJsonValues(root: unknown): void {
  const stack: unknown[] = [root];
  for (let value = stack.pop(); value !== undefined; value = stack.pop()) {
    if (typeof value === 'string') {
      checkText(value);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const element of value) stack.push(element);
    } else {
      for (const [key, element] of Object.entries(value)) {
        checkText(key);
        stack.push(element);
      }
    }
  }
}

function checkText(text: string): void {
  if (text.includes('\u0000')) {
    throw badRequest('validation_failed', 'Request body must not contain NUL characters');
  }
  if (!text.isWellFormed()) {
    throw badRequest(
      'validation_failed',
      'Request body must be valid Unicode: it contains a lone surrogate (\\uD800-\\uDFFF)',
    );
  }
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
