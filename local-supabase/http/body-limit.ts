import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ServiceError } from './errors.ts';

/**
 * Refuses request bodies above `maxBytes` with a 413 ServiceError (code `request_too_large`), which the
 * service's own error handler renders in its shape.
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ServiceError(413, 'request_too_large', 'Request body too large');
    },
  });
}
