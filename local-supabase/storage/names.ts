// Bucket names and object keys as storage-api accepts them (`isValidKey` / `isValidBucketName` in
// supabase/storage `src/storage/limits.ts`): the characters S3 treats as safe, bucket names 1–63
// characters, so a name that works here also works on hosted Supabase.
import { storageErrors } from './errors.ts';

const KEY = /^[\w/!\-.*'() &$@=;:+,?]+$/;
const BUCKET = /^[\w!\-.*'() &$@=;:+,?]{1,63}$/;
/**
 * Names made only of dots are valid for storage-api (its S3 backend refuses them itself), but here a
 * bucket is a directory: `.` and `..` would name the storage root and its parent.
 */
const DOTS_ONLY = /^\.+$/;

export function checkBucketName(name: string): string {
  if (!BUCKET.test(name) || DOTS_ONLY.test(name)) throw storageErrors.invalidBucketName();
  return name;
}

/** Validates an object key; also refuses `.`/`..` segments and empty segments. */
export function checkKey(key: string): string {
  const segments = key.split('/');
  if (!KEY.test(key) || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw storageErrors.invalidKey(key);
  }
  return key;
}

/** `<bucket>/<key>` from a route's params (Hono has already percent-decoded them). */
export function objectParams(params: { bucket?: string; key?: string }): {
  bucket: string;
  key: string;
} {
  return { bucket: checkBucketName(params.bucket ?? ''), key: checkKey(params.key ?? '') };
}
