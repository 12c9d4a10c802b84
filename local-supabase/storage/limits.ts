// A bucket's `file_size_limit` and `allowed_mime_types` (wildcards like `image/*`), checked before any
// byte is written, as storage-api does.
import { storageErrors } from './errors.ts';

export interface BucketLimits {
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** `image/png; charset=x` → `image/png`. */
export function baseMimeType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

export function isMimeTypeAllowed(contentType: string, allowed: readonly string[]): boolean {
  const mime = baseMimeType(contentType);
  return allowed.some((pattern) => {
    const wanted = pattern.trim().toLowerCase();
    if (wanted === '*/*' || wanted === '*') return true;
    if (wanted.endsWith('/*')) return mime.startsWith(wanted.slice(0, -1));
    return mime === wanted;
  });
}

/** Throws 413 / 415 in storage's shape when the upload breaks the bucket's or the server's limits. */
export function checkLimits(
  size: number,
  contentType: string,
  bucket: BucketLimits,
  globalLimit: number,
): void {
  const limit = Math.min(bucket.fileSizeLimit ?? Infinity, globalLimit);
  if (size > limit) throw storageErrors.entityTooLarge();
  const allowed = bucket.allowedMimeTypes;
  if (allowed && allowed.length > 0 && !isMimeTypeAllowed(contentType, allowed)) {
    throw storageErrors.invalidMimeType(baseMimeType(contentType));
  }
}
