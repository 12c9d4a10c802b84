// What storage-js sends on upload: a raw body with `content-type`, `cache-control` and base64 JSON in
// `x-metadata`; or multipart/form-data (Blob, File, FormData) whose file part has the empty field
// name, with `cacheControl` and `metadata` text fields.
import type { Context } from 'hono';
import { storageErrors } from './errors.ts';
import { uploadMediaType } from './media-type.ts';

export interface UploadBody {
  bytes: Uint8Array;
  /** The content type in canonical form (`media-type.ts`), stored as the object's mimetype. */
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** The user metadata of an upload (a JSON object as text), also of resumable uploads. */
export function parseMetadata(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // fall through to the error below
  }
  throw storageErrors.invalidRequest('Invalid metadata: expected a JSON object');
}

/** `3600` → `max-age=3600`, as storage-api stores the form field. */
function cacheControlOf(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  return /^\d+$/.test(value) ? `max-age=${value}` : value;
}

async function readMultipart(c: Context): Promise<UploadBody> {
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw storageErrors.invalidRequest(
      'The request is not properly formed: invalid multipart body',
    );
  }
  let file: File | undefined;
  for (const value of form.values()) {
    if (typeof value !== 'string') {
      file = value;
      break;
    }
  }
  if (!file) throw storageErrors.noContent();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : null;
  };
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    contentType: uploadMediaType(file.type),
    cacheControl: cacheControlOf(text('cacheControl'), 'max-age=3600'),
    userMetadata: parseMetadata(text('metadata')),
  };
}

function decodeHeaderMetadata(header: string | undefined): Record<string, unknown> | null {
  if (!header) return null;
  return parseMetadata(Buffer.from(header, 'base64').toString('utf8'));
}

export async function readUploadBody(c: Context): Promise<UploadBody> {
  const contentType = c.req.header('content-type') ?? '';
  if (/^multipart\/form-data/i.test(contentType)) return readMultipart(c);
  return {
    bytes: new Uint8Array(await c.req.arrayBuffer()),
    contentType: uploadMediaType(contentType),
    cacheControl: cacheControlOf(c.req.header('cache-control'), 'no-cache'),
    userMetadata: decodeHeaderMetadata(c.req.header('x-metadata')),
  };
}
