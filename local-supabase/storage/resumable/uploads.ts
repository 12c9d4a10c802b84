// Resumable uploads (TUS 1.0, `/storage/v1/upload/resumable`) on `@tus/server` with its file store.
//
// - Where the bytes wait: `<data dir>/resumable/<upload id>` (+ `.json`, the upload's length and
//   metadata), outside `<data dir>/storage`, so the start-up sweep of files without a row never
//   sees an upload in progress, and a restart finds it again: the offset is the file's size on disk.
// - Creation (`POST`) checks what a plain upload checks, before any byte is stored: the bucket, its
//   size and MIME limits against `Upload-Length` and `contentType`, and the caller's RLS permission
//   (the row is written and rolled back, as for signed upload URLs; `x-upsert` allows a replace).
// - The last byte (`PATCH`, or a creation that carries the whole file) commits: the file is copied
//   into the store as a new version (`.part`, synced, renamed: files.ts), the row is written as the
//   caller, and the upload is removed. Until then no row exists. The version is the upload's id, so
//   a commit run again after a crash between the row and the removal sees its own row and only
//   removes the upload (instead of a second row, or a 409 without `x-upsert`).
// - Only the member (or key) that created an upload may continue, inspect or end it.
// - Abandoned uploads expire after `expirySeconds` and their bytes are removed (at start and every
//   few minutes).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FileStore as TusFileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { Claims } from '../../db/database.ts';
import { ServiceError } from '../../http/errors.ts';
import { ownerOf } from '../caller.ts';
import type { StorageContext } from '../context.ts';
import { storageErrors } from '../errors.ts';
import { canStoreObject, storeObject, type ObjectContent } from '../store-object.ts';
import { checkLimits } from '../limits.ts';
import { findBucket } from '../sql/buckets.ts';
import { findObject } from '../sql/objects.ts';
import type { UploadGrant } from '../signing.ts';
import { OWNER_KEY, targetOf, UPSERT_KEY } from './target.ts';

export const RESUMABLE_PATH = '/storage/v1/upload/resumable';

export interface ResumableOptions {
  /** The data directory (null: a temporary directory removed on close). */
  dataDir: string | null;
  /** How long an unfinished upload is kept. */
  expirySeconds: number;
}

/** Who an upload belongs to, as recorded at creation: the user id, or the key's role. */
export function uploaderOf(claims: Claims): string {
  return ownerOf(claims) ?? claims.role;
}

/** A storage error as `@tus/server` sends hook failures: the real status, storage's JSON body. */
export function tusErrorOf(error: unknown): unknown {
  if (!(error instanceof ServiceError)) return error;
  const status = Number(error.extra['statusCode'] ?? error.status);
  const body = {
    statusCode: String(status),
    error: error.code,
    message: error.message,
    ...error.extra,
  };
  return { status_code: status, body: JSON.stringify(body) };
}

async function digestOf(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return `"${hash.digest('hex')}"`;
}

async function headOf(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export class ResumableUploads {
  readonly directory: string;
  readonly #ctx: StorageContext;
  readonly #store: TusFileStore;
  readonly #server: Server;
  readonly #temporary: boolean;
  /** The caller of each request being handled (the TUS hooks receive the request object). */
  readonly #callers = new WeakMap<Request, Claims>();
  /** Requests made with a signed upload URL's token (`/upload/resumable/sign`): what it grants. */
  readonly #grants = new WeakMap<Request, UploadGrant>();
  /** Commits under way by upload id: a second one (a HEAD during the last PATCH) joins the first. */
  readonly #commits = new Map<string, Promise<void>>();
  #timer: NodeJS.Timeout | undefined;

  private constructor(
    ctx: StorageContext,
    directory: string,
    temporary: boolean,
    expirySeconds: number,
  ) {
    this.#ctx = ctx;
    this.directory = directory;
    this.#temporary = temporary;
    this.#store = new TusFileStore({
      directory,
      expirationPeriodInMilliseconds: expirySeconds * 1000,
    });
    this.#server = new Server({
      path: RESUMABLE_PATH,
      datastore: this.#store,
      namingFunction: () => crypto.randomUUID(),
      // An upload created through a signed URL is continued through one too, as on Supabase.
      generateUrl: (request, { proto, host, path, id }) =>
        `${proto}://${host}${path}${new URL(request.url).pathname.startsWith(`${path}/sign`) ? '/sign' : ''}/${id}`,
      // CORS is the API's own middleware's job (http/cors.ts): no second set of headers.
      allowedOrigins: () => false,
      onUploadCreate: async (request, upload) => {
        try {
          return { metadata: await this.#checkCreate(this.#callerOf(request), request, upload) };
        } catch (error) {
          throw tusErrorOf(error);
        }
      },
      onUploadFinish: async (request, upload) => {
        try {
          await this.commit(upload, this.#callerOf(request));
          return {};
        } catch (error) {
          throw tusErrorOf(error);
        }
      },
    });
  }

  static async open(ctx: StorageContext, options: ResumableOptions): Promise<ResumableUploads> {
    const temporary = options.dataDir === null;
    const directory =
      options.dataDir === null
        ? await mkdtemp(join(tmpdir(), 'local-resumable-'))
        : resolve(options.dataDir, 'resumable');
    await mkdir(directory, { recursive: true });
    const uploads = new ResumableUploads(ctx, directory, temporary, options.expirySeconds);
    await uploads.expire();
    uploads.#timer = setInterval(() => void uploads.expire().catch(() => undefined), 5 * 60_000);
    uploads.#timer.unref();
    return uploads;
  }

  #callerOf(request: Request): Claims {
    const claims = this.#callers.get(request);
    if (!claims) throw new Error('resumable upload request without an identified caller');
    return claims;
  }

  /** Limits and permission before the first byte; returns the metadata to record. */
  async #checkCreate(claims: Claims, request: Request, upload: Upload) {
    if (upload.sizeIsDeferred || upload.size === undefined) {
      throw storageErrors.invalidRequest('Upload-Length is required');
    }
    const target = targetOf(upload);
    const bucket = await findBucket(this.#ctx.db, target.bucket);
    if (!bucket) throw storageErrors.noSuchBucket();
    checkLimits(
      upload.size,
      target.contentType,
      { fileSizeLimit: bucket.file_size_limit, allowedMimeTypes: bucket.allowed_mime_types },
      this.#ctx.fileSizeLimit,
    );
    // A signed URL grants one path, and whether it may replace, when it was signed (as its signer,
    // whose permission was checked then); otherwise the caller's `x-upsert` and RLS decide.
    const grant = this.#grants.get(request);
    if (grant && grant.url !== `${target.bucket}/${target.key}`) {
      throw storageErrors.invalidSignature();
    }
    const upsert = grant ? grant.upsert : request.headers.get('x-upsert') === 'true';
    await canStoreObject(this.#ctx, {
      bucket: target.bucket,
      key: target.key,
      claims,
      owner: ownerOf(claims),
      upsert,
    });
    return {
      ...upload.metadata,
      [OWNER_KEY]: uploaderOf(claims),
      [UPSERT_KEY]: upsert ? 'true' : 'false',
    };
  }

  /** The upload as stored, or null when there is none by that id. */
  async find(id: string): Promise<Upload | null> {
    try {
      return await this.#store.getUpload(id);
    } catch {
      return null;
    }
  }

  /** Refuses a caller other than the upload's creator (the service role may act on any). */
  checkUploader(upload: Upload, claims: Claims): void {
    if (claims.role === 'service_role') return;
    if (upload.metadata?.[OWNER_KEY] !== uploaderOf(claims)) {
      throw storageErrors.accessDenied('You do not have permission to access this upload');
    }
  }

  /**
   * Turns a finished upload into an object: a new version file, then the row, as `claims`, then
   * the upload is removed. Run again for an upload left finished but uncommitted (a failed commit
   * or a crash in between), when its creator asks for its offset; one commit per upload at a time.
   */
  commit(upload: Upload, claims: Claims): Promise<void> {
    const running = this.#commits.get(upload.id);
    if (running) return running;
    const commit = this.#commit(upload, claims).finally(() => this.#commits.delete(upload.id));
    this.#commits.set(upload.id, commit);
    return commit;
  }

  async #commit(upload: Upload, claims: Claims): Promise<void> {
    const target = targetOf(upload);
    // The row names the upload's id as its version once a commit got that far: nothing to store.
    const existing = await findObject(this.#ctx.db, target.bucket, target.key);
    if (existing?.version !== upload.id) {
      const path = join(this.directory, upload.id);
      const content: ObjectContent = {
        size: upload.offset,
        eTag: await digestOf(path),
        contentType: target.contentType,
        cacheControl: target.cacheControl,
        userMetadata: target.userMetadata,
        head: await headOf(path),
        writeTo: (files, bucket, version) => files.writeFromFile(bucket, version, path),
      };
      await storeObject(this.#ctx, {
        bucket: target.bucket,
        key: target.key,
        body: content,
        claims,
        owner: ownerOf(claims),
        upsert: upload.metadata?.[UPSERT_KEY] === 'true',
        version: upload.id,
      });
    }
    await this.#store.remove(upload.id);
  }

  /** Hands a request to the TUS server as `claims` (with what a signed URL's token grants). */
  async handle(request: Request, claims: Claims, grant?: UploadGrant): Promise<Response> {
    this.#callers.set(request, claims);
    if (grant) this.#grants.set(request, grant);
    return this.#server.handleWeb(request);
  }

  /** Removes unfinished uploads older than the expiry; returns how many. */
  async expire(): Promise<number> {
    return this.#server.cleanUpExpiredUploads();
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    if (this.#temporary) await rm(this.directory, { recursive: true, force: true });
  }
}
