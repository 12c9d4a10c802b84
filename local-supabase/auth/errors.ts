// GoTrue's errors (supabase/auth internal/api/errors.go): `{code, message}` for clients announcing
// API version 2024-01-01 (supabase-js does), the legacy `{code, error_code, msg}` otherwise, and
// OAuth-style `{error, error_description}` for some token grant failures.
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ServiceError, toServiceError } from '../http/errors.ts';

export function authError(
  status: ContentfulStatusCode,
  code: string,
  message: string,
): ServiceError {
  return new ServiceError(status, code, message);
}

export const badRequest = (code: string, message: string) => authError(400, code, message);
export const forbidden = (code: string, message: string) => authError(403, code, message);
export const notFound = (code: string, message: string) => authError(404, code, message);
export const unprocessable = (code: string, message: string) => authError(422, code, message);
export const tooManyRequests = (message: string) =>
  authError(429, 'over_email_send_rate_limit', message);

/** An OAuth2 error response (always 400). */
export class OAuthError extends Error {
  readonly error: string;

  constructor(error: string, description: string) {
    super(description);
    this.name = 'OAuthError';
    this.error = error;
  }
}

/** A password that breaks the rules: 422 `weak_password` with `weak_password.reasons`. */
export function weakPassword(message: string, reasons: string[]): ServiceError {
  return new ServiceError(422, 'weak_password', message, { extra: { weak_password: { reasons } } });
}

const API_VERSION_2024 = Date.parse('2024-01-01');

/** The API version a request announces, if it is one GoTrue answers in the new shape. */
export function announcedApiVersion(c: Context): string | undefined {
  const header = c.req.header('x-supabase-api-version');
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return undefined;
  const time = Date.parse(header);
  return Number.isFinite(time) && time >= API_VERSION_2024 ? header : undefined;
}

/**
 * Echoes the announced API version on every auth response, errors included: auth-js reads
 * `error.code` only from responses that carry it. The one place the header is set.
 */
export function echoApiVersion(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const version = announcedApiVersion(c);
    if (version) c.header('X-Supabase-Api-Version', version);
  };
}

/** GoTrue's error body: the new shape for clients announcing 2024-01-01 or later, else the legacy one. */
export function authErrorBody(error: ServiceError, apiVersion: string | undefined) {
  return apiVersion
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
}

export function handleAuthErrors(onUnexpected: (error: unknown) => void) {
  return (error: Error, c: Context) => {
    if (error instanceof OAuthError) {
      return c.json({ error: error.error, error_description: error.message }, 400);
    }
    const serviceError = toServiceError(error, onUnexpected);
    c.header('x-sb-error-code', serviceError.code);
    return c.json(authErrorBody(serviceError, announcedApiVersion(c)), serviceError.status);
  };
}
