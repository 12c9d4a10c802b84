// Media types of stored objects: parsed as a browser parses them, checked against the bytes, and
// served so that a browser never runs an upload as a page. A Content-Type such as
// `image/png;,text/html` passes a naive `split(';')` check as `image/png`, but Fetch's header parsing
// reads the last type in a comma list, so the browser saw `text/html` and ran the script.
import { MIMEType } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import { storageErrors } from './errors.ts';

export const DEFAULT_TYPE = 'application/octet-stream';

/** Raster image types whose magic numbers identify them; a claim of one must match the bytes. */
const MAGIC_CHECKED = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/tiff',
  'image/heic',
  'image/heif',
  'image/x-icon',
]);

/** Types served inline: images a browser only ever draws. Everything else is an attachment. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

/**
 * The canonical form of a Content-Type: its essence (lower case), plus a `charset` when it is a
 * plain token. Null when the text is not one media type (`text/html, image/png`, `image/png,x`).
 * @example normalizeMediaType('IMAGE/PNG; charset=x, text/html') // 'image/png'
 */
export function normalizeMediaType(text: string): string | null {
  let parsed: MIMEType;
  try {
    parsed = new MIMEType(text);
  } catch {
    return null;
  }
  if (parsed.type === '*' || parsed.subtype === '*') return null;
  const essence = ALIASES[parsed.essence] ?? parsed.essence;
  const charset = parsed.params.get('charset');
  return charset && /^[\w.:-]{1,40}$/.test(charset) ? `${essence};charset=${charset}` : essence;
}

/** `image/png;charset=x` → `image/png`. */
export function essenceOf(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** An upload's Content-Type in canonical form; a malformed one is storage's 415. */
export function uploadMediaType(text: string | null | undefined): string {
  if (!text) return DEFAULT_TYPE;
  const normalized = normalizeMediaType(text);
  if (!normalized) throw storageErrors.invalidMimeType(text.slice(0, 200));
  return normalized;
}

/**
 * For buckets with MIME limits: an upload that claims a raster image type must start with that
 * type's magic numbers (HTML bytes sent as `image/png` are refused).
 */
export async function checkBytesMatchType(bytes: Uint8Array, mediaType: string): Promise<void> {
  const claimed = essenceOf(mediaType);
  if (!MAGIC_CHECKED.has(claimed)) return;
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime !== claimed) {
    throw storageErrors.invalidMimeType(claimed, `the file's content is not ${claimed}`);
  }
}

/**
 * Headers for serving an object of the stored type: the type in canonical form, `nosniff`, a
 * Content-Security-Policy that gives a document nothing to run, and `attachment` for anything that
 * is not an image a browser only draws.
 */
export function servingHeaders(storedType: string | null | undefined): {
  contentType: string;
  inline: boolean;
  headers: Record<string, string>;
} {
  const contentType = (storedType && normalizeMediaType(storedType)) ?? DEFAULT_TYPE;
  return {
    contentType,
    inline: INLINE_TYPES.has(essenceOf(contentType)),
    headers: {
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  };
}
