// Listing, removing, moving and copying objects, each as the caller so that storage.objects' policies
// decide what they may see and change.
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/service.ts';
import { asCaller } from '../caller.ts';
import type { StorageContext } from '../context.ts';
import { storageErrors } from '../errors.ts';
import { readJsonBody } from '../json-body.ts';
import { checkBucketName, checkKey, objectParams } from '../names.ts';
import { findBucket } from '../sql/buckets.ts';
import { listObjects } from '../sql/list.ts';
import {
  deleteObjects,
  findObject,
  insertObject,
  renameObject,
  type StoredObject,
} from '../sql/objects.ts';

const listBody = z.object({
  prefix: z.string().default(''),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().default(''),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']).default('name'),
      order: z
        .string()
        .transform((order) => order.toLowerCase())
        .pipe(z.enum(['asc', 'desc']))
        .default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
});

const removeBody = z.object({ prefixes: z.array(z.string()).min(1).max(1000) });

const transferBody = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().optional(),
});

/** The source and destination of a move or copy; the destination bucket defaults to the source's. */
async function readTransfer(c: Context<AppEnv>) {
  const body = await readJsonBody(c, transferBody);
  return {
    from: { bucket: checkBucketName(body.bucketId), name: checkKey(body.sourceKey) },
    to: {
      bucket: checkBucketName(body.destinationBucket ?? body.bucketId),
      name: checkKey(body.destinationKey),
    },
  };
}

export function addObjectRoutes(app: Hono<AppEnv>, ctx: StorageContext): void {
  const { db, files } = ctx;

  app.post('/object/list/:bucket', async (c) => {
    const bucket = checkBucketName(c.req.param('bucket'));
    const caller = await asCaller(c, ctx);
    const body = await readJsonBody(c, listBody);
    // A prefix names a folder: `avatars` lists what is inside `avatars/`.
    const prefix = body.prefix && !body.prefix.endsWith('/') ? `${body.prefix}/` : body.prefix;
    const entries = await caller.run((tx) =>
      listObjects(tx, bucket, {
        prefix,
        limit: body.limit,
        offset: body.offset,
        search: body.search,
        sortColumn: body.sortBy.column,
        sortOrder: body.sortBy.order,
      }),
    );
    return c.json(entries);
  });

  app.delete('/object/:bucket', async (c) => {
    const bucket = checkBucketName(c.req.param('bucket'));
    const caller = await asCaller(c, ctx);
    const body = await readJsonBody(c, removeBody);
    const deleted = await caller.run((tx) => deleteObjects(tx, bucket, body.prefixes));
    for (const row of deleted) {
      await files.remove(bucket, typeof row['version'] === 'string' ? row['version'] : null);
    }
    return c.json(deleted);
  });

  app.delete('/object/:bucket/:key{.+}', async (c) => {
    const { bucket, key } = objectParams(c.req.param());
    const caller = await asCaller(c, ctx);
    const [row] = await caller.run((tx) => deleteObjects(tx, bucket, [key]));
    if (!row) throw storageErrors.noSuchKey();
    await files.remove(bucket, typeof row['version'] === 'string' ? row['version'] : null);
    return c.json({ message: 'Successfully deleted' });
  });

  app.post('/object/move', async (c) => {
    const caller = await asCaller(c, ctx);
    const { from, to } = await readTransfer(c);
    const source = await findObject(db, from.bucket, from.name);
    if (!source?.version) throw storageErrors.noSuchKey();
    const { version } = source;
    const crossBucket = from.bucket !== to.bucket;
    // Held until the row names the new bucket, so a sweep does not take the copy meanwhile.
    const release = files.hold(to.bucket, version);
    try {
      if (crossBucket) {
        if (!(await findBucket(db, to.bucket))) throw storageErrors.noSuchBucket();
        await files.copy({ bucket: from.bucket, version }, { bucket: to.bucket, version });
      }
      const moved = await caller.run((tx) => renameObject(tx, from, to));
      if (!moved) throw storageErrors.noSuchKey();
    } catch (error) {
      if (crossBucket) await files.remove(to.bucket, version);
      throw error;
    } finally {
      release();
    }
    if (crossBucket) await files.remove(from.bucket, source.version);
    return c.json({ message: 'Successfully moved' });
  });

  app.post('/object/copy', async (c) => {
    const caller = await asCaller(c, ctx);
    const { from, to } = await readTransfer(c);
    const source: StoredObject | null = await caller.run((tx) =>
      findObject(tx, from.bucket, from.name),
    );
    const metadata = source?.metadata;
    if (!source?.version || !metadata) throw storageErrors.noSuchKey();
    if (!(await findBucket(db, to.bucket))) throw storageErrors.noSuchBucket();
    const id = randomUUID();
    const version = randomUUID();
    const release = files.hold(to.bucket, version);
    try {
      await files.copy(
        { bucket: from.bucket, version: source.version },
        { bucket: to.bucket, version },
      );
      await caller.run((tx) =>
        insertObject(tx, {
          id,
          bucket: to.bucket,
          name: to.name,
          owner: caller.owner,
          version,
          metadata: { ...metadata, lastModified: new Date().toISOString() },
          userMetadata: source.user_metadata,
        }),
      );
    } catch (error) {
      await files.remove(to.bucket, version);
      throw error;
    } finally {
      release();
    }
    return c.json({ Id: id, Key: `${to.bucket}/${to.name}` });
  });
}
