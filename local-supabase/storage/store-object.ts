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
import type { UploadBody } from './upload-body.ts';

export interface StoreRequest {
  bucket: string;
  key: string;
  body: UploadBody;
  /** Whose role writes the row. */
  claims: Claims;
  owner: string | null;
  upsert: boolean;
}

/** storage-api's answer to an upload. */
export interface StoredKey {
  Id: string;
  Key: string;
}

function metadataOf(body: UploadBody): NewObject['metadata'] {
  const size = body.bytes.byteLength;
  return {
    eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
    size,
    mimetype: body.contentType,
    cacheControl: body.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: size,
    httpStatusCode: 200,
  };
}

export async function storeObject(ctx: StorageContext, request: StoreRequest): Promise<StoredKey> {
  const { db, files } = ctx;
  const bucket = await findBucket(db, request.bucket);
  if (!bucket) throw storageErrors.noSuchBucket();
  checkLimits(
    request.body.bytes.byteLength,
    request.body.contentType,
    { fileSizeLimit: bucket.file_size_limit, allowedMimeTypes: bucket.allowed_mime_types },
    ctx.fileSizeLimit,
  );
  if (bucket.allowed_mime_types?.length) {
    await checkBytesMatchType(request.body.bytes, request.body.contentType);
  }
  const row: NewObject = {
    id: randomUUID(),
    bucket: bucket.id,
    name: request.key,
    owner: request.owner,
    version: randomUUID(),
    metadata: metadataOf(request.body),
    userMetadata: request.body.userMetadata,
  };
  const previous = request.upsert ? await findObject(db, bucket.id, request.key) : null;
  // Held from before the file appears until the row commits, so a sweep never takes it meanwhile.
  const release = files.hold(bucket.id, row.version);
  try {
    await files.write(bucket.id, row.version, request.body.bytes);
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
    metadata: metadataOf({
      bytes: new Uint8Array(),
      contentType: 'application/octet-stream',
      cacheControl: 'no-cache',
      userMetadata: null,
    }),
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
