// Bounds on the request line and headers, checked before any service runs. Node parses up to
// `PARSE_HEADER_BYTES` (so that a long URL still reaches this check and gets its 414); anything
// larger is answered by `client-errors.ts`. The bounds are those of the gateway in front of hosted
// Supabase, rounded up: no client of this project sends a URL or header block near them.
import type { MiddlewareHandler } from 'hono';
import { ServiceError } from './errors.ts';

/** The most Node's parser accepts for the request line plus headers. */
export const PARSE_HEADER_BYTES = 1024 * 1024;
export const MAX_URL_BYTES = 16 * 1024;
export const MAX_HEADER_BYTES = 32 * 1024;

function headerBytes(headers: Headers): number {
  let total = 0;
  headers.forEach((value, name) => {
    total += name.length + value.length + 4;
  });
  return total;
}

export function limitRequestHead(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.length + url.search.length > MAX_URL_BYTES) {
      throw new ServiceError(414, 'request_uri_too_long', 'URI Too Long');
    }
    if (headerBytes(c.req.raw.headers) > MAX_HEADER_BYTES) {
      throw new ServiceError(
        431,
        'request_header_fields_too_large',
        'Request Header Fields Too Large',
      );
    }
    await next();
  };
}
