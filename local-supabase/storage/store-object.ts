// Storing an upload: limits first, then the bytes as a new version file (whole and synced, see
// files.ts), then the row (as the writer's role, so RLS decides); the file is removed again when the
// row is refused. Never a row without its bytes; a crash in between leaves a file the sweep removes.
import { createHash, randomUUID } from 'node:crypto';
import type { Claims } from '../db/database.ts';
import type { StorageContext } from './context.ts';
import { mapDatabaseErrors, storageErrors } from './errors.ts';
import { checkLimits } from './limits.ts';
import { checkBytesMatchType } from './media-type.ts';
import { findBucket } from './sql/buckets.ts';
import { findObject, insertObject, upsertObject, type NewObject } from './sql/objects.ts';
import type { FileStore } from './files.ts';
import type { UploadBody } from './upload-body.ts';

/** An upload's bytes and what the row records of them, wherever the bytes are now. */
export interface ObjectContent {
  size: number;
  /** storage-api's ETag: the MD5 of the bytes, quoted. */
  eTag: string;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  /** The first bytes (at least 4,100 when there are as many), for the magic-number check. */
  head: Uint8Array;
  /** Writes the bytes as the version file `<bucket>/<version>` (whole and synced, see files.ts). */
  writeTo(files: FileStore, bucket: string, version: string): Promise<void>;
}

/** The content of an upload whose bytes are in memory (the plain upload routes). */
export function contentOfBody(body: UploadBody): ObjectContent {
  return {
    size: body.bytes.byteLength,
    eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
    contentType: body.contentType,
    cacheControl: body.cacheControl,
    userMetadata: body.userMetadata,
    head: body.bytes.subarray(0, 4100),
    writeTo: (files, bucket, version) => files.write(bucket, version, body.bytes),
  };
}

export interface StoreRequest {
  bucket: string;
  key: string;
  body: UploadBody | ObjectContent;
  /** Whose role writes the row. */
  claims: Claims;
  owner: string | null;
  upsert: boolean;
  /** The version the object becomes (default: a new UUID); a resumable upload passes its id. */
  version?: string;
}

/** storage-api's answer to an upload. */
export interface StoredKey {
  Id: string;
  Key: string;
}

function metadataOf(content: ObjectContent): NewObject['metadata'] {
  return {
    eTag: content.eTag,
    size: content.size,
    mimetype: content.contentType,
    cacheControl: content.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: content.size,
    httpStatusCode: 200,
  };
}

export async function storeObject(ctx: StorageContext, request: StoreRequest): Promise<StoredKey> {
  const { db, files } = ctx;
  const content = 'writeTo' in request.body ? request.body : contentOfBody(request.body);
  const bucket = await findBucket(db, request.bucket);
  if (!bucket) throw storageErrors.noSuchBucket();
  checkLimits(
    content.size,
    content.contentType,
    { fileSizeLimit: bucket.file_size_limit, allowedMimeTypes: bucket.allowed_mime_types },
    ctx.fileSizeLimit,
  );
  if (bucket.allowed_mime_types?.length) {
    await checkBytesMatchType(content.head, content.contentType);
  }
  const row: NewObject = {
    id: randomUUID(),
    bucket: bucket.id,
    name: request.key,
    owner: request.owner,
    version: request.version ?? randomUUID(),
    metadata: metadataOf(content),
    userMetadata: content.userMetadata,
  };
  const previous = request.upsert ? await findObject(db, bucket.id, request.key) : null;
  // Held from before the file appears until the row commits, so a sweep never takes it meanwhile.
  const release = files.hold(bucket.id, row.version);
  try {
    await content.writeTo(files, bucket.id, row.version);
    await mapDatabaseErrors(() =>
      db.asRole(request.claims, (tx) =>
        request.upsert ? upsertObject(tx, row) : insertObject(tx, row),
      ),
    );
  } catch (error) {
    await files.remove(bucket.id, row.version);
    throw error;
  } finally {
    release();
  }
  if (previous) await files.remove(bucket.id, previous.version);
  // An upsert that replaced a row keeps that row's id.
  const id = previous ? previous.id : row.id;
  return { Id: id, Key: `${bucket.id}/${request.key}` };
}

/**
 * Whether `claims` may create (or, with upsert, replace) `<bucket>/<key>`: the row is written and
 * rolled back, as storage-api checks before it hands out a signed upload URL.
 */
export async function canStoreObject(
  ctx: StorageContext,
  request: Omit<StoreRequest, 'body'>,
): Promise<void> {
  const bucket = await findBucket(ctx.db, request.bucket);
  if (!bucket) throw storageErrors.noSuchBucket();
  const probe: NewObject = {
    id: randomUUID(),
    bucket: bucket.id,
    name: request.key,
    owner: request.owner,
    version: randomUUID(),
    metadata: metadataOf(
      contentOfBody({
        bytes: new Uint8Array(),
        contentType: 'application/octet-stream',
        cacheControl: 'no-cache',
        userMetadata: null,
      }),
    ),
    userMetadata: null,
  };
  const rollback = new Error('rollback');
  try {
    await mapDatabaseErrors(() =>
      ctx.db.asRole(request.claims, async (tx) => {
        await (request.upsert ? upsertObject(tx, probe) : insertObject(tx, probe));
        throw rollback;
      }),
    );
  } catch (error) {
    if (error !== rollback) throw error;
  }
}
