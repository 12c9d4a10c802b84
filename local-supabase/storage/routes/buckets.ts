// The bucket API (`/bucket`), run as the caller: storage.buckets has RLS and no policies by default, so
// only the service role manages buckets unless a migration says otherwise.
import type { Hono } from 'hono';
import { z } from 'zod';
import { parseSize } from '../../config/units.ts';
import type { AppEnv } from '../../http/service.ts';
import { asCaller } from '../caller.ts';
import type { StorageContext } from '../context.ts';
import { isDatabaseError } from '../../db/database.ts';
import { fromDatabaseError, storageErrors } from '../errors.ts';
import { readJsonBody } from '../json-body.ts';
import { checkBucketName } from '../names.ts';
import {
  deleteBucket,
  findBucket,
  insertBucket,
  listBuckets,
  updateBucket,
  type BucketSettings,
} from '../sql/buckets.ts';
import { deleteObjects, versionsInBucket } from '../sql/objects.ts';

/**
 * `2097152`, `"20MB"`, `"30 KB"`, `"3B"` → bytes. Text is read with the one size parser config.toml
 * uses too (`config/units.ts`): decimal units as Storage reads them (`20mb` = 20,000,000 bytes).
 */
const fileSizeLimit = z.union([
  z.number().int().nonnegative(),
  z.string().transform((text, context) => {
    const bytes = parseSize(text);
    if (bytes === undefined) {
      context.addIssue({
        code: 'custom',
        message: 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
      });
      return z.NEVER;
    }
    return bytes;
  }),
]);

const settings = z.object({
  public: z.boolean().optional(),
  file_size_limit: fileSizeLimit.nullable().optional(),
  allowed_mime_types: z.array(z.string()).nullable().optional(),
});
/** `listBuckets` options, as storage-api's query schema has them. */
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  search: z.string().optional(),
});

const createBody = settings.extend({ id: z.string().optional(), name: z.string() });

function settingsOf(body: z.infer<typeof settings>): BucketSettings {
  return {
    public: body.public,
    fileSizeLimit: body.file_size_limit === 0 ? null : body.file_size_limit,
    allowedMimeTypes: body.allowed_mime_types,
  };
}

export function addBucketRoutes(app: Hono<AppEnv>, ctx: StorageContext): void {
  const { db, files } = ctx;

  app.get('/bucket', async (c) => {
    const caller = await asCaller(c, ctx);
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw storageErrors.invalidRequest(
        `querystring/${issue?.path.join('/') ?? ''} ${issue?.message ?? 'is invalid'}`,
      );
    }
    return c.json(await caller.run((tx) => listBuckets(tx, parsed.data)));
  });

  app.get('/bucket/:id', async (c) => {
    const id = checkBucketName(c.req.param('id'));
    const caller = await asCaller(c, ctx);
    const bucket = await caller.run((tx) => findBucket(tx, id));
    if (!bucket) throw storageErrors.noSuchBucket();
    return c.json(bucket);
  });

  app.post('/bucket', async (c) => {
    const caller = await asCaller(c, ctx);
    const body = await readJsonBody(c, createBody);
    const id = checkBucketName(body.id ?? body.name);
    // Not caller.run: a duplicate here is BucketAlreadyExists, not the objects' KeyAlreadyExists.
    try {
      await db.asRole(caller.claims, (tx) =>
        insertBucket(tx, id, body.name, caller.owner, settingsOf(body)),
      );
    } catch (error) {
      if (isDatabaseError(error) && error.code === '23505') throw storageErrors.bucketExists();
      throw fromDatabaseError(error);
    }
    return c.json({ name: id });
  });

  app.put('/bucket/:id', async (c) => {
    const id = checkBucketName(c.req.param('id'));
    const caller = await asCaller(c, ctx);
    const body = await readJsonBody(c, settings);
    const updated = await caller.run((tx) => updateBucket(tx, id, settingsOf(body)));
    if (!updated) throw storageErrors.noSuchBucket();
    return c.json({ message: 'Successfully updated' });
  });

  app.post('/bucket/:id/empty', async (c) => {
    const id = checkBucketName(c.req.param('id'));
    const caller = await asCaller(c, ctx);
    if (!(await caller.run((tx) => findBucket(tx, id)))) {
      throw storageErrors.noSuchBucket();
    }
    const names = (await versionsInBucket(db, id)).map((row) => row.name);
    const deleted = await caller.run((tx) => deleteObjects(tx, id, names));
    for (const row of deleted) {
      await files.remove(id, typeof row['version'] === 'string' ? row['version'] : null);
    }
    // storage-api empties in the background and says so; here it is done by the time it answers.
    return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
  });

  app.delete('/bucket/:id', async (c) => {
    const id = checkBucketName(c.req.param('id'));
    const caller = await asCaller(c, ctx);
    if ((await versionsInBucket(db, id)).length > 0) throw storageErrors.bucketNotEmpty();
    const deleted = await caller.run((tx) => deleteBucket(tx, id));
    if (!deleted) throw storageErrors.noSuchBucket();
    await files.removeBucket(id);
    return c.json({ message: 'Successfully deleted' });
  });
}
