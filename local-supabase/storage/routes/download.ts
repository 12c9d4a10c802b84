// Downloads: authenticated (`/object/<bucket>/<key>` and `/object/authenticated/...`, the caller's
// select policy decides), public (`/object/public/...`, public buckets only, no key needed) and
// signed (`/object/sign/...?token=`); plus `/object/info/...` for `info()` and `exists()`.
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { asCaller } from '../caller.ts';
import type { StorageContext } from '../context.ts';
import { storageErrors } from '../errors.ts';
import { servingHeaders } from '../media-type.ts';
import { objectParams } from '../names.ts';
import { verifyUrlToken } from '../signing.ts';
import { findBucket } from '../sql/buckets.ts';
import { findObject, type StoredObject } from '../sql/objects.ts';

/** `Content-Disposition` for `?download=` (empty: the key's own file name). */
export function dispositionOf(download: string | undefined, key: string): string | undefined {
  if (download === undefined) return undefined;
  const name = download || key.split('/').pop() || 'download';
  return `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function sendObject(
  c: Context<AppEnv>,
  ctx: StorageContext,
  object: StoredObject | null,
): Promise<Response> {
  if (!object?.version) throw storageErrors.noSuchKey();
  const file = await ctx.files.read(object.bucket_id, object.version);
  if (!file) throw storageErrors.noSuchKey();
  const metadata = object.metadata;
  const served = servingHeaders(metadata?.mimetype);
  const headers: Record<string, string> = {
    'Content-Type': served.contentType,
    'Content-Length': String(file.size),
    'Cache-Control': metadata?.cacheControl ?? 'no-cache',
    'Last-Modified': new Date(object.updated_at).toUTCString(),
    ...served.headers,
  };
  if (metadata?.eTag) headers['ETag'] = metadata.eTag;
  // Anything but a drawn image is a download, named after the object, unless ?download= names it.
  const disposition = dispositionOf(
    c.req.query('download') ?? (served.inline ? undefined : ''),
    object.name,
  );
  if (disposition) headers['Content-Disposition'] = disposition;
  if (metadata?.eTag && c.req.header('if-none-match') === metadata.eTag) {
    await file.body.cancel();
    return new Response(null, { status: 304, headers: { ETag: metadata.eTag } });
  }
  return new Response(c.req.method === 'HEAD' ? null : file.body, { status: 200, headers });
}

/** storage-api's object info (`info()` camel-cases it). */
function infoOf(object: StoredObject) {
  const metadata = object.metadata;
  return {
    id: object.id,
    version: object.version,
    name: object.name,
    bucket_id: object.bucket_id,
    size: metadata?.size ?? null,
    content_type: metadata?.mimetype ?? null,
    cache_control: metadata?.cacheControl ?? null,
    etag: metadata?.eTag ?? null,
    metadata: object.user_metadata ?? {},
    last_modified: object.updated_at,
    created_at: object.created_at,
  };
}

export function addDownloadRoutes(app: Hono<AppEnv>, ctx: StorageContext): void {
  const { db, keys } = ctx;

  const findAsCaller = async (c: Context<AppEnv>) => {
    const { bucket, key } = objectParams(c.req.param());
    const caller = await asCaller(c, ctx);
    return caller.run((tx) => findObject(tx, bucket, key));
  };

  const findPublic = async (c: Context<AppEnv>) => {
    const { bucket, key } = objectParams(c.req.param());
    const row = await findBucket(db, bucket);
    if (!row?.public) throw storageErrors.noSuchBucket();
    return findObject(db, bucket, key);
  };

  app.get('/object/public/:bucket/:key{.+}', async (c) => sendObject(c, ctx, await findPublic(c)));

  app.get('/object/sign/:bucket/:key{.+}', async (c) => {
    const { bucket, key } = objectParams(c.req.param());
    await verifyUrlToken(keys, c.req.query('token'), `${bucket}/${key}`);
    return sendObject(c, ctx, await findObject(db, bucket, key));
  });

  app.get('/object/info/public/:bucket/:key{.+}', async (c) => {
    const object = await findPublic(c);
    if (!object) throw storageErrors.noSuchKey();
    return c.json(infoOf(object));
  });

  app.get('/object/info/authenticated/:bucket/:key{.+}', async (c) => {
    const object = await findAsCaller(c);
    if (!object) throw storageErrors.noSuchKey();
    return c.json(infoOf(object));
  });

  app.get('/object/info/:bucket/:key{.+}', async (c) => {
    const object = await findAsCaller(c);
    if (!object) throw storageErrors.noSuchKey();
    return c.json(infoOf(object));
  });

  app.get('/object/authenticated/:bucket/:key{.+}', async (c) =>
    sendObject(c, ctx, await findAsCaller(c)),
  );

  app.get('/object/:bucket/:key{.+}', async (c) => sendObject(c, ctx, await findAsCaller(c)));
}
