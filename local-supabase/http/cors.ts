// CORS for the site: its origin, the origins of the additional redirect URLs, and any loopback
// origin (the site runs on whatever port a developer or an e2e run picked).
import type { MiddlewareHandler } from 'hono';

const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'x-client-info',
  'content-type',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'x-supabase-api-version',
  'x-upsert',
  'cache-control',
  'x-metadata',
  'accept',
  'if-none-match',
  // TUS (resumable uploads)
  'tus-resumable',
  'upload-length',
  'upload-offset',
  'upload-metadata',
  'x-http-method-override',
  'x-signature',
];
const EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Location',
  'Content-Length',
  'Content-Type',
  'ETag',
  'Location',
  'Preference-Applied',
  'Range-Unit',
  'X-Supabase-Api-Version',
  'X-Transformations',
  // TUS (resumable uploads)
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Expires',
];
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

function originOf(url: string): string | null {
  try {
    return new URL(url.replace(/\*+/g, 'x')).origin;
  } catch {
    return null;
  }
}

function isLoopback(origin: string): boolean {
  try {
    const host = new URL(origin).hostname;
    return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
  } catch {
    return false;
  }
}

/** Headers a browser may send: the list above plus the client's own `x-supabase-*` / `x-client-*`. */
function allowHeaders(requested: string | undefined): string {
  const extra = (requested ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => /^x-(supabase|client)-[a-z0-9-]+$/.test(name));
  return [...new Set([...ALLOWED_HEADERS, ...extra])].join(', ');
}

export function cors(siteUrl: string, additionalUrls: string[]): MiddlewareHandler {
  const allowed = new Set(
    [siteUrl, ...additionalUrls].map(originOf).filter((origin) => origin !== null),
  );
  return async (c, next) => {
    const origin = c.req.header('origin');
    const permitted = origin !== undefined && (allowed.has(origin) || isLoopback(origin));
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      if (!permitted) return c.body(null, 403);
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Allow-Methods', METHODS);
      c.header(
        'Access-Control-Allow-Headers',
        allowHeaders(c.req.header('access-control-request-headers')),
      );
      c.header('Access-Control-Max-Age', '86400');
      c.header('Vary', 'Origin');
      return c.body(null, 204);
    }
    await next();
    if (permitted) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
      c.header('Vary', 'Origin', { append: true });
    }
    return undefined;
  };
}
