// One error type for every service; each service renders it in its own Supabase shape.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { diskFullError, isDiskFull } from './disk-full.ts';

export interface ServiceErrorOptions {
  /** PostgREST's `details` / storage's extra text. */
  details?: string | null;
  hint?: string | null;
  headers?: Record<string, string>;
  /** Extra fields some responses carry (auth's `weak_password`). */
  extra?: Record<string, unknown>;
}

export class ServiceError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    options: ServiceErrorOptions = {},
  ) {
    super(message);
    this.name = 'ServiceError';
    this.status = status;
    this.code = code;
    this.details = options.details ?? null;
    this.hint = options.hint ?? null;
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
  }
}

/** The shapes rendered here; auth renders GoTrue's own (auth/errors.ts). */
export type ErrorShape = 'rest' | 'storage' | 'gateway';

/** The body each service sends for an error, as its Supabase counterpart does. */
export function errorBody(shape: ErrorShape, error: ServiceError) {
  switch (shape) {
    case 'rest':
      return { code: error.code, details: error.details, hint: error.hint, message: error.message };
    case 'storage':
      return {
        statusCode: String(error.status),
        error: error.code,
        message: error.message,
        ...error.extra,
      };
    case 'gateway':
      return { message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
  }
}

/** Wraps an unexpected error so that a bug answers 500 in the service's shape and is logged. */
export function toServiceError(
  error: unknown,
  onUnexpected?: (error: unknown) => void,
): ServiceError {
  if (error instanceof ServiceError) return error;
  if (
    error instanceof Error &&
    'status' in error &&
    (error as { status: unknown }).status === 413
  ) {
    return new ServiceError(413, 'request_too_large', 'Payload too large');
  }
  if (isDiskFull(error)) return diskFullError();
  onUnexpected?.(error);
  return new ServiceError(500, 'unexpected_failure', 'Unexpected failure');
}

/** An `app.onError` handler rendering errors in one service's shape. */
export function handleErrors(shape: ErrorShape, onUnexpected?: (error: unknown) => void) {
  return (error: Error, c: Context) => {
    // PostgREST's shape keeps SQLSTATE 53100 (rest/errors.ts renders database errors itself).
    const serviceError =
      shape !== 'rest' && !(error instanceof ServiceError) && isDiskFull(error)
        ? diskFullError(shape)
        : toServiceError(error, onUnexpected);
    for (const [name, value] of Object.entries(serviceError.headers)) c.header(name, value);
    return c.json(errorBody(shape, serviceError), serviceError.status);
  };
}
