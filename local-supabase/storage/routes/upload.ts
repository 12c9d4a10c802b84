// Uploads: `POST /object/<bucket>/<key>` (x-upsert), `PUT` (replace), and signed upload URLs
// (`POST /object/upload/sign/...` to create one, `PUT ...?token=` to use it).
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { asCaller } from '../caller.ts';
import type { StorageContext } from '../context.ts';
import { objectParams } from '../names.ts';
import { storageErrors } from '../errors.ts';
import { claimsOfGrant, readUploadToken, signUrlToken, UPLOAD_URL_SECONDS } from '../signing.ts';
import { canStoreObject, storeObject } from '../store-object.ts';
import { readUploadBody } from '../upload-body.ts';

export function addUploadRoutes(app: Hono<AppEnv>, ctx: StorageContext): void {
  app.post('/object/upload/sign/:bucket/:key{.+}', async (c) => {
    const { bucket, key } = objectParams(c.req.param());
    const caller = await asCaller(c, ctx);
    const owner = caller.owner;
    const upsert = c.req.header('x-upsert') === 'true';
    await canStoreObject(ctx, { bucket, key, claims: caller.claims, owner, upsert });
    const token = await signUrlToken(
      ctx.keys,
      { url: `${bucket}/${key}`, owner: owner ?? undefined, upsert },
      UPLOAD_URL_SECONDS,
    );
    // Unencoded, as storage-api answers: the client URL-encodes what it is given.
    return c.json({ url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token });
  });

  app.put('/object/upload/sign/:bucket/:key{.+}', async (c) => {
    const { bucket, key } = objectParams(c.req.param());
    const grant = await readUploadToken(ctx.keys, c.req.query('token'));
    if (grant.url !== `${bucket}/${key}`) throw storageErrors.invalidSignature();
    const body = await readUploadBody(c);
    // The permission was checked when the URL was signed; the row is written with the owner then.
    const stored = await storeObject(ctx, {
      bucket,
      key,
      body,
      claims: claimsOfGrant(grant),
      owner: grant.owner,
      upsert: grant.upsert,
    });
    return c.json({ Key: stored.Key });
  });

  app.on(['POST', 'PUT'], '/object/:bucket/:key{.+}', async (c) => {
    const { bucket, key } = objectParams(c.req.param());
    const caller = await asCaller(c, ctx);
    const body = await readUploadBody(c);
    const upsert = c.req.method === 'PUT' || c.req.header('x-upsert') === 'true';
    const stored = await storeObject(ctx, {
      bucket,
      key,
      body,
      claims: caller.claims,
      owner: caller.owner,
      upsert,
    });
    return c.json(stored);
  });
}
