// Headers of a PostgREST request: Prefer, Accept, Accept-Profile/Content-Profile, and the JSON body
// (read by http/json-body.ts, refused here in PostgREST's words).
import type { Context } from 'hono';
import {
  BodyError,
  decodeUtf8,
  readBodyBytes,
  readJsonBody as readJson,
} from '../http/json-body.ts';
import { invalidBody, restError, unacceptableSchema, unsupportedMediaType } from './errors.ts';
import { parsePlanType, planMediaType, type PlanRequest } from './plan.ts';

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  tx?: 'commit' | 'rollback';
  params?: 'single-object';
  maxAffected?: number;
}

const PREFERENCE_VALUES: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
  params: ['single-object'],
};

/** `Prefer: return=representation, count=exact` (several headers or comma lists). */
export function parsePreferences(header: string | undefined): Preferences {
  const preferences: Record<string, unknown> = {};
  const invalid: string[] = [];
  for (const token of (header ?? '').split(',')) {
    const text = token.trim();
    if (!text) continue;
    const [name = '', value = ''] = text.split('=').map((part) => part.trim());
    if (name === 'max-affected' && /^\d{1,15}$/.test(value)) {
      preferences['maxAffected'] = Number(value);
    } else if (PREFERENCE_VALUES[name]?.includes(value)) {
      preferences[name] ??= value;
    } else if (name !== 'timezone') {
      invalid.push(text);
    }
  }
  const parsed = preferences as Preferences;
  if (parsed.handling === 'strict' && invalid.length > 0) {
    throw restError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  }
  return parsed;
}

export interface Negotiated {
  shape: 'array' | 'object' | 'csv';
  stripNulls: boolean;
  contentType: string;
  /** `Accept: application/vnd.pgrst.plan…`: answer the plan of the statement, not its result. */
  plan?: PlanRequest;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

/**
 * The response media type from `Accept`: JSON array (default) or one object (`.single()`), CSV, or
 * the plan of one of them when `plans` (`pgrst.db_plan_enabled`) allows it.
 */
export function negotiate(accept: string | undefined, plans = false): Negotiated {
  if (!accept?.trim()) return { shape: 'array', stripNulls: false, contentType: JSON_TYPE };
  const offered = accept
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const entry of offered) {
    const [type = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const plan = parsePlanType(type, parameters);
    if (plan) {
      // PostgREST names the refused plan type as it understood it.
      if (!plans) throw unsupportedMediaType([planMediaType(plan)]);
      return { ...negotiate(plan.forType), plan };
    }
    const stripNulls = parameters.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return { shape: 'object', stripNulls, contentType: OBJECT_TYPE };
    }
    if (type === 'application/vnd.pgrst.array+json' || type === 'application/vnd.pgrst.array') {
      return { shape: 'array', stripNulls, contentType: JSON_TYPE };
    }
    if (type === 'text/csv') {
      return { shape: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' };
    }
    if (['application/json', 'application/*', '*/*'].includes(type)) {
      return { shape: 'array', stripNulls: false, contentType: JSON_TYPE };
    }
  }
  throw unsupportedMediaType(offered);
}

/**
 * The schema a request is for: `Accept-Profile` (GET, HEAD) or `Content-Profile` (other methods),
 * which must name one of `[api] schemas`; without the header, the first of them.
 */
export function requestSchema(c: Context, exposed: readonly string[]): string {
  const reading = c.req.method === 'GET' || c.req.method === 'HEAD';
  const header = c.req.header(reading ? 'accept-profile' : 'content-profile');
  const schema = header?.trim() ?? exposed[0] ?? 'public';
  if (!exposed.includes(schema)) throw unacceptableSchema(schema, exposed);
  return schema;
}

export type JsonBody =
  | { kind: 'object'; text: string; value: Record<string, unknown> }
  | { kind: 'array'; text: string; value: unknown[] }
  | { kind: 'empty' };

/** Postgres parses JSON recursively: very deep nesting would exhaust its stack (a 500). */
const MAX_JSON_DEPTH = 256;

/**
 * The request body as JSON: the raw text (Postgres parses it again, keeping numbers exact) and its
 * parsed shape for validation. Only JSON content types are accepted.
 */
export async function readJsonBody(c: Context, maxBytes: number): Promise<JsonBody> {
  const type = (c.req.header('content-type') ?? 'application/json')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  if (type !== 'application/json' && type !== '' && !type?.endsWith('+json')) {
    throw unsupportedMediaType([type ?? ''], 415);
  }
  let body: Awaited<ReturnType<typeof readJson>>;
  try {
    body = await readJson(c, { maxBytes, maxDepth: MAX_JSON_DEPTH });
  } catch (error) {
    throw bodyError(error);
  }
  const { text, value } = body;
  if (value === undefined) return { kind: 'empty' };
  if (Array.isArray(value)) return { kind: 'array', text, value };
  if (typeof value === 'object' && value !== null) {
    return { kind: 'object', text, value: value as Record<string, unknown> };
  }
  throw invalidBody('Empty or invalid json');
}

function bodyError(error: unknown): unknown {
  if (!(error instanceof BodyError)) return error;
  if (error.problem === 'too_large') return payloadTooLarge(error.message);
  return invalidBody(error.problem === 'too_deep' ? error.message : 'Empty or invalid json');
}

/** A raw body (text/plain, text/xml, application/octet-stream) for a one-parameter function. */
export async function readRawBody(c: Context, maxBytes: number): Promise<Uint8Array> {
  try {
    return await readBodyBytes(c, maxBytes);
  } catch (error) {
    throw bodyError(error);
  }
}

/**
 * A text body as Postgres text: UTF-8 (invalid sequences become U+FFFD); NUL, which Postgres text
 * cannot hold, is refused as Postgres refuses it.
 */
export function decodeText(bytes: Uint8Array): string {
  const text = decodeUtf8(bytes);
  if (text.includes('\u0000'))
    throw restError(400, '22021', 'invalid byte sequence for encoding "UTF8": 0x00');
  return text;
}

function payloadTooLarge(details: string) {
  // The unread rest of the body is still on the connection: close it rather than let a client reuse it.
  return restError(413, 'PGRST413', 'Payload Too Large', details, null, { Connection: 'close' });
}
