// Signed download URLs: `POST /object/sign/<bucket>/<key>` `{expiresIn}` and
// `POST /object/sign/<bucket>` `{expiresIn, paths}`. Signing needs the caller to see the object.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/service.ts';
import { asCaller } from '../caller.ts';
import type { StorageContext } from '../context.ts';
import { storageErrors } from '../errors.ts';
import { readJsonBody } from '../json-body.ts';
import { checkBucketName, checkKey, objectParams } from '../names.ts';
import { parseTransformQuery, transformClaimOf } from '../render/options.ts';
import { signUrlToken } from '../signing.ts';
import { findObject } from '../sql/objects.ts';

const expiresIn = z.coerce.number().int().positive();
/** `createSignedUrl(path, s, { transform })` sends the options as given (numbers and words). */
const transform = z
  .object({
    width: z.coerce.string(),
    height: z.coerce.string(),
    resize: z.string(),
    quality: z.coerce.string(),
    format: z.string(),
  })
  .partial();
const signOne = z.object({ expiresIn, transform: transform.optional() });
const signMany = z.object({ expiresIn, paths: z.array(z.string()).min(1).max(1000) });

const NOT_FOUND = 'Either the object does not exist or you do not have access to it';

export function addSignRoutes(app: Hono<AppEnv>, ctx: StorageContext): void {
  const { keys } = ctx;

  // Unencoded paths, as storage-api answers: the client URL-encodes the whole URL itself.
  const signedUrlOf = async (bucket: string, key: string, seconds: number) =>
    `/object/sign/${bucket}/${key}?token=${await signUrlToken(keys, { url: `${bucket}/${key}` }, seconds)}`;

  app.post('/object/sign/:bucket/:key{.+}', async (c) => {
    const { bucket, key } = objectParams(c.req.param());
    const caller = await asCaller(c, ctx);
    const body = await readJsonBody(c, signOne);
    const object = await caller.run((tx) => findObject(tx, bucket, key));
    if (!object) throw storageErrors.noSuchKey();
    if (body.transform && Object.keys(body.transform).length > 0) {
      // As storage-api: the options go into the token, and the URL leads to the renderer.
      const transformations = transformClaimOf(parseTransformQuery(body.transform));
      const token = await signUrlToken(
        keys,
        { url: `${bucket}/${key}`, transformations },
        body.expiresIn,
      );
      return c.json({ signedURL: `/render/image/sign/${bucket}/${key}?token=${token}` });
    }
    return c.json({ signedURL: await signedUrlOf(bucket, key, body.expiresIn) });
  });

  app.post('/object/sign/:bucket', async (c) => {
    const bucket = checkBucketName(c.req.param('bucket'));
    const caller = await asCaller(c, ctx);
    const body = await readJsonBody(c, signMany);
    const visible = await caller.run(async (tx) => {
      const { rows } = await tx.query<{ name: string }>(
        `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
        [bucket, body.paths],
      );
      return new Set(rows.map((row) => row.name));
    });
    const results = await Promise.all(
      body.paths.map(async (path) => {
        const valid = (() => {
          try {
            checkKey(path);
            return true;
          } catch {
            return false;
          }
        })();
        return valid && visible.has(path)
          ? { path, signedURL: await signedUrlOf(bucket, path, body.expiresIn), error: null }
          : { path, signedURL: null, error: NOT_FOUND };
      }),
    );
    return c.json(results);
  });
}
