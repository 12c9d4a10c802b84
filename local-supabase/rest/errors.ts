// PostgREST's error codes and statuses (PostgREST `Error.hs`), as ServiceErrors rendered in the
// `{code, message, details, hint}` shape.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DatabaseError } from '../db/database.ts';
import { ServiceError } from '../http/errors.ts';

export function restError(
  status: ContentfulStatusCode,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
): ServiceError {
  return new ServiceError(status, code, message, { details, hint, headers });
}

/** PGRST100: a query parameter that does not parse. */
export function parseError(what: string, input: string, column: number, details: string) {
  return restError(
    400,
    'PGRST100',
    `"failed to parse ${what} (${input})" (line 1, column ${column})`,
    details,
  );
}

export function invalidBody(message: string): ServiceError {
  return restError(400, 'PGRST102', message);
}

export function tableNotFound(schema: string, table: string, suggestion?: string): ServiceError {
  return restError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${table}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
  );
}

/** PGRST204: a payload or `columns=` key the table does not have. */
export function payloadColumnNotFound(table: string, column: string): ServiceError {
  return restError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${table}' in the schema cache`,
  );
}

/** A column in select, filters or order that does not exist: what Postgres itself would answer. */
export function undefinedColumn(table: string, column: string): ServiceError {
  return restError(400, '42703', `column ${table}.${column} does not exist`);
}

export function notEmbedded(resource: string): ServiceError {
  return restError(
    400,
    'PGRST108',
    `'${resource}' is not an embedded resource in this request`,
    null,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  );
}

export function singularityError(rows: number): ServiceError {
  return restError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

export function unacceptableSchema(schema: string, exposed: readonly string[]): ServiceError {
  return restError(
    406,
    'PGRST106',
    `Invalid schema: ${schema}`,
    null,
    `Only the following schemas are exposed: ${exposed.join(', ')}`,
  );
}

export function unsupportedMediaType(types: string[], status: ContentfulStatusCode = 406) {
  return restError(
    status,
    'PGRST107',
    `None of these media types are available: ${types.join(', ')}`,
  );
}

export function jwtError(code: 'PGRST301' | 'PGRST303', message: string): ServiceError {
  return restError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  });
}

/** The HTTP status PostgREST gives a Postgres SQLSTATE (`mapSQLtoHTTP`). */
export function statusForSqlState(
  code: string,
  message: string,
  authenticated: boolean,
): ContentfulStatusCode {
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code === '42883') return 404;
  if (code === '42P01') return 404;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023' && message.startsWith('role') && message.endsWith('does not exist')) {
    return 401;
  }
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 200 && status <= 599
      ? (status as ContentfulStatusCode)
      : 500;
  }
  const serverSide = ['08', '09', '25', '2D', '38', '39', '3B', '40', '53', '54', '55', '57', '58'];
  const prefix = code.slice(0, 2);
  if (prefix === '0L' || prefix === '0P' || prefix === '28') return 403;
  if (prefix === '08' || (prefix === '53' && code !== '53400') || code === '57P01') return 503;
  if (serverSide.includes(prefix) || ['F0', 'HV', 'P0', 'XX'].includes(prefix)) return 500;
  if (code === '42P17') return 500;
  return 400;
}

export function fromDatabaseError(error: DatabaseError, authenticated: boolean): ServiceError {
  const code = error.code ?? 'XX000';
  const status = statusForSqlState(code, error.message, authenticated);
  return restError(
    status,
    code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
    status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
  );
}
