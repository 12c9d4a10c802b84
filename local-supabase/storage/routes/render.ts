// Image transformations (`/render/image/...`): the object is found with the same permission checks
// as its plain download (public buckets only for `public`, the caller's select policy for
// `authenticated`, the signed token for `sign`, whose options come from the token), then resized
// and re-encoded by sharp (`render/transform.ts`).
import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { ServiceError } from '../../http/errors.ts';
import type { AppEnv } from '../../http/service.ts';
import { asCaller } from '../caller.ts';
import type { StorageContext } from '../context.ts';
import { storageErrors } from '../errors.ts';
import { servingHeaders } from '../media-type.ts';
import { objectParams } from '../names.ts';
import {
  parseTransformClaim,
  parseTransformQuery,
  transformationsHeader,
} from '../render/options.ts';
import type { TransformOptions } from '../render/options.ts';
import { acceptsWebp, checkSourceSize, renderImage } from '../render/transform.ts';
import { verifyUrlToken } from '../signing.ts';
import { findBucket } from '../sql/buckets.ts';
import { findObject, type StoredObject } from '../sql/objects.ts';
import { dispositionOf } from './download.ts';

/** Hosted Supabase's answer when transformations are off for the project (HTTP 403). */
function featureNotEnabled(): ServiceError {
  return new ServiceError(403, 'FeatureNotEnabled', 'feature not enabled for this tenant', {
    extra: { statusCode: '403', code: 'FeatureNotEnabled' },
  });
}

/**
 * One ETag per source version, options and output format, so a cached rendition is revalidated
 * without transforming again, and never confused with the original or another size.
 */
function renditionETag(
  object: StoredObject,
  applied: string,
  accept: string | undefined,
  options: TransformOptions,
): string | null {
  const source = object.metadata?.eTag;
  if (!source) return null;
  const output = options.format ?? (acceptsWebp(accept) ? 'webp' : 'origin');
  const digest = createHash('sha256').update(`${applied}|${output}`).digest('hex').slice(0, 16);
  return `"${source.replaceAll('"', '')}-${digest}"`;
}

async function sendRendition(
  c: Context<AppEnv>,
  ctx: StorageContext,
  object: StoredObject | null,
  options: TransformOptions,
): Promise<Response> {
  if (!object?.version) throw storageErrors.noSuchKey();
  checkSourceSize(object.metadata?.size ?? 0);
  const accept = c.req.header('accept');
  const applied = transformationsHeader(options);
  const eTag = renditionETag(object, applied, accept, options);
  if (eTag && c.req.header('if-none-match') === eTag) {
    return new Response(null, { status: 304, headers: { ETag: eTag, Vary: 'Accept' } });
  }
  const file = await ctx.files.read(object.bucket_id, object.version);
  if (!file) throw storageErrors.noSuchKey();
  checkSourceSize(file.size);
  const input = Buffer.from(await new Response(file.body).arrayBuffer());
  const rendered = await renderImage(input, options, accept);
  const served = servingHeaders(rendered.mediaType);
  const headers: Record<string, string> = {
    'Content-Type': served.contentType,
    'Content-Length': String(rendered.bytes.byteLength),
    'Cache-Control': object.metadata?.cacheControl ?? 'no-cache',
    'Last-Modified': new Date(object.updated_at).toUTCString(),
    'X-Transformations': applied,
    // The format follows Accept (WebP or the source's), so caches must key on it.
    Vary: 'Accept',
    ...served.headers,
  };
  if (eTag) headers['ETag'] = eTag;
  const disposition = dispositionOf(
    c.req.query('download') ?? (served.inline ? undefined : ''),
    object.name,
  );
  if (disposition) headers['Content-Disposition'] = disposition;
  const body = c.req.method === 'HEAD' ? null : new Uint8Array(rendered.bytes);
  return new Response(body, { status: 200, headers });
}

export function addRenderRoutes(app: Hono<AppEnv>, ctx: StorageContext): void {
  const { db, keys } = ctx;

  // Checked before anything else, so a project with transformations off reveals nothing more.
  app.use('/render/image/*', async (_c, next) => {
    if (!ctx.imageTransformation) throw featureNotEnabled();
    await next();
  });

  app.get('/render/image/public/:bucket/:key{.+}', async (c) => {
    const { bucket, key } = objectParams(c.req.param());
    const options = parseTransformQuery(c.req.query());
    const row = await findBucket(db, bucket);
    if (!row?.public) throw storageErrors.noSuchBucket();
    return sendRendition(c, ctx, await findObject(db, bucket, key), options);
  });

  app.get('/render/image/authenticated/:bucket/:key{.+}', async (c) => {
    const { bucket, key } = objectParams(c.req.param());
    const options = parseTransformQuery(c.req.query());
    const caller = await asCaller(c, ctx);
    const object = await caller.run((tx) => findObject(tx, bucket, key));
    return sendRendition(c, ctx, object, options);
  });

  app.get('/render/image/sign/:bucket/:key{.+}', async (c) => {
    const { bucket, key } = objectParams(c.req.param());
    const payload = await verifyUrlToken(keys, c.req.query('token'), `${bucket}/${key}`);
    const claim = payload['transformations'];
    const options = parseTransformClaim(typeof claim === 'string' ? claim : '');
    return sendRendition(c, ctx, await findObject(db, bucket, key), options);
  });
}
