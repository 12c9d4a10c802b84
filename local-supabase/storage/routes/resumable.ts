// `/upload/resumable`: TUS requests, identified as every storage request is, then handed to the
// TUS server (`resumable/uploads.ts`). Errors keep their real status here (TUS clients decide on
// it whether to retry), with storage's JSON body.
import type { Context, Hono } from 'hono';
import { ServiceError } from '../../http/errors.ts';
import type { AppEnv } from '../../http/service.ts';
import { asCaller } from '../caller.ts';
import type { StorageContext } from '../context.ts';
import type { Upload } from '@tus/server';
import type { Claims } from '../../db/database.ts';
import { storageErrors } from '../errors.ts';
import { targetOf } from '../resumable/target.ts';
import { tusErrorOf } from '../resumable/uploads.ts';
import { claimsOfGrant, readUploadToken, type UploadGrant } from '../signing.ts';

function errorResponse(error: unknown): Response {
  const mapped = tusErrorOf(error);
  if (error instanceof ServiceError && typeof mapped === 'object' && mapped !== null) {
    const { status_code, body } = mapped as { status_code: number; body: string };
    return new Response(body, {
      status: status_code,
      headers: { 'Content-Type': 'application/json', 'Tus-Resumable': '1.0.0' },
    });
  }
  throw error;
}

/** Who a request acts as, and what a signed URL's token grants it (for the upload, if one exists). */
type Identify = (
  c: Context<AppEnv>,
  upload: Upload | null,
) => Promise<{ claims: Claims; grant?: UploadGrant }>;

export function addResumableRoutes(app: Hono<AppEnv>, ctx: StorageContext): void {
  const uploads = ctx.resumable;
  if (!uploads) return;

  const handle = async (c: Context<AppEnv>, identify: Identify): Promise<Response> => {
    try {
      const request = c.req.raw;
      const id = c.req.param('id');
      const upload = id ? await uploads.find(id) : null;
      const { claims, grant } = await identify(c, upload);
      if (upload) {
        uploads.checkUploader(upload, claims);
        // Every byte arrived but the object was not committed (the commit failed, or the server
        // stopped in between): commit now, then answer the offset as TUS would.
        if (
          request.method === 'HEAD' &&
          upload.size !== undefined &&
          upload.offset === upload.size
        ) {
          await uploads.commit(upload, claims);
          return new Response(null, {
            status: 200,
            headers: {
              'Tus-Resumable': '1.0.0',
              'Upload-Offset': String(upload.size),
              'Upload-Length': String(upload.size),
              'Cache-Control': 'no-store',
            },
          });
        }
      }
      return await uploads.handle(request, claims, grant);
    } catch (error) {
      return errorResponse(error);
    }
  };

  const byCredentials: Identify = async (c) => ({ claims: (await asCaller(c, ctx)).claims });
  // `/upload/resumable/sign`: the token of `createSignedUploadUrl` in `x-signature` instead of
  // credentials, for one path (checked against the upload's metadata), as storage-api does.
  const bySignature: Identify = async (c, upload) => {
    const grant = await readUploadToken(
      ctx.keys,
      c.req.header('x-signature'),
      'Missing x-signature header',
    );
    if (upload) {
      const target = targetOf(upload);
      if (grant.url !== `${target.bucket}/${target.key}`) throw storageErrors.invalidSignature();
    }
    return { claims: claimsOfGrant(grant), grant };
  };

  for (const [base, identify] of [
    ['/upload/resumable/sign', bySignature],
    ['/upload/resumable', byCredentials],
  ] as const) {
    app.post(base, (c) => handle(c, identify));
    app.on(['PATCH', 'DELETE'], `${base}/:id`, (c) => handle(c, identify));
    // Hono answers HEAD with the GET route (the request keeps its method). GET itself, which TUS
    // offers for downloading an upload, is not part of Supabase's API.
    app.get(`${base}/:id`, async (c) => {
      if (c.req.raw.method === 'HEAD') return handle(c, identify);
      return c.notFound();
    });
  }
}
