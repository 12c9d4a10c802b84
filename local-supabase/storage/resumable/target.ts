// What a resumable upload is for, from its TUS `Upload-Metadata` as Supabase documents it
// (`bucketName`, `objectName`, `contentType`, `cacheControl`, `metadata`), plus what the server
// records there at creation: who created it and whether it may replace an object (`x-upsert`).
import type { Upload } from '@tus/server';
import { storageErrors } from '../errors.ts';
import { uploadMediaType } from '../media-type.ts';
import { checkBucketName, checkKey } from '../names.ts';
import { parseMetadata } from '../upload-body.ts';

/** Metadata keys the server writes; a client's values for them are replaced at creation. */
export const OWNER_KEY = 'localSupabaseOwner';
export const UPSERT_KEY = 'localSupabaseUpsert';

export interface UploadTarget {
  bucket: string;
  key: string;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** `3600` → `max-age=3600`, as for plain uploads; storage-api's default for TUS is `no-cache`. */
function cacheControlOf(value: string | null | undefined): string {
  if (!value) return 'no-cache';
  return /^\d+$/.test(value) ? `max-age=${value}` : value;
}

/** Reads and checks the target; throws storage errors (missing bucket or name, bad key or type). */
export function targetOf(upload: Pick<Upload, 'metadata'>): UploadTarget {
  const metadata = upload.metadata ?? {};
  const bucket = metadata['bucketName'];
  const key = metadata['objectName'];
  if (!bucket || !key) {
    throw storageErrors.invalidRequest('Upload-Metadata must name bucketName and objectName');
  }
  return {
    bucket: checkBucketName(bucket),
    key: checkKey(key),
    contentType: uploadMediaType(metadata['contentType']),
    cacheControl: cacheControlOf(metadata['cacheControl']),
    userMetadata: parseMetadata(metadata['metadata']),
  };
}
