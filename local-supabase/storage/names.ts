// Bucket names and object keys as storage-api accepts them (`isValidKey` / `isValidBucketName`): the
// characters S3 treats as safe, so a key that works here also works on hosted Supabase.
import { storageErrors } from './errors.ts';

const KEY = /^[\w/!\-.*'() &$@=;:+,?]+$/;
const BUCKET = /^[\w!\-.*'() &$@=;:+,?]+$/;

export function checkBucketName(name: string): string {
  if (!BUCKET.test(name) || name.length > 100) throw storageErrors.invalidBucketName();
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
