// `/upload/resumable`: TUS requests, identified as every storage request is, then handed to the
// TUS server (`resumable/uploads.ts`). Errors keep their real status here (TUS clients decide on
// it whether to retry), with storage's JSON body.
import type { Context, Hono } from 'hono';
import { ServiceError } from '../../http/errors.ts';
import type { AppEnv } from '../../http/service.ts';
import { asCaller } from '../caller.ts';
import type { StorageContext } from '../context.ts';
import { tusErrorOf } from '../resumable/uploads.ts';

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

export function addResumableRoutes(app: Hono<AppEnv>, ctx: StorageContext): void {
  const uploads = ctx.resumable;
  if (!uploads) return;

  const handle = async (c: Context<AppEnv>): Promise<Response> => {
    try {
      const request = c.req.raw;
      const caller = await asCaller(c, ctx);
      const id = c.req.param('id');
      const upload = id ? await uploads.find(id) : null;
      if (upload) {
        uploads.checkUploader(upload, caller.claims);
        // Every byte arrived but the object was not committed (the commit failed, or the server
        // stopped in between): commit now, then answer the offset as TUS would.
        if (
          request.method === 'HEAD' &&
          upload.size !== undefined &&
          upload.offset === upload.size
        ) {
          await uploads.commit(upload, caller.claims);
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
      return await uploads.handle(request, caller.claims);
    } catch (error) {
      return errorResponse(error);
    }
  };

  app.post('/upload/resumable', handle);
  app.on(['PATCH', 'DELETE'], '/upload/resumable/:id', handle);
  // Hono answers HEAD with the GET route (the request keeps its method). GET itself, which TUS
  // offers for downloading an upload, is not part of Supabase's API.
  app.get('/upload/resumable/:id', async (c) => {
    if (c.req.raw.method === 'HEAD') return handle(c);
    return c.notFound();
  });
}
