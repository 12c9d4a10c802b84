// The storage service (`/storage/v1`), the subset of storage-api that storage-js uses: objects with
// their bytes on disk and their rows in storage.objects, read and written as the caller so that the
// product's storage policies decide.
import { Hono } from 'hono';
import { handleErrors, ServiceError } from '../http/errors.ts';
import type { AppEnv, Service, ServiceContext } from '../http/service.ts';
import type { StorageContext } from './context.ts';
import { storageError } from './errors.ts';
import { FileStore } from './files.ts';
import { loadStoredVersions } from './sql/versions.ts';
import { addBucketRoutes } from './routes/buckets.ts';
import { addDownloadRoutes } from './routes/download.ts';
import { addListV2Routes } from './routes/list-v2.ts';
import { addObjectRoutes } from './routes/objects.ts';
import { addRenderRoutes } from './routes/render.ts';
import { addResumableRoutes } from './routes/resumable.ts';
import { ResumableUploads } from './resumable/uploads.ts';
import { addSignRoutes } from './routes/sign.ts';
import { addUploadRoutes } from './routes/upload.ts';

const UNSUPPORTED = [
  ['/vector', 'Vector buckets are'],
  ['/iceberg', 'Analytics buckets are'],
  ['/s3', 'The S3 protocol is'],
] as const;

/** The storage routes; `files` holds the bytes. */
export function createStorageApp(context: StorageContext, onUnexpected?: (error: unknown) => void) {
  const app = new Hono<AppEnv>();
  app.onError(handleErrors('storage', onUnexpected));
  // Specific paths first: `/object/<bucket>/<key>` would also match `/object/sign/...` and friends.
  addSignRoutes(app, context);
  addListV2Routes(app, context);
  addObjectRoutes(app, context);
  addDownloadRoutes(app, context);
  addRenderRoutes(app, context);
  addResumableRoutes(app, context);
  addUploadRoutes(app, context);
  addBucketRoutes(app, context);
  // Parts of Storage this backend does not offer answer one clear error instead of "Route not found".
  for (const [path, feature] of UNSUPPORTED) {
    const refuse = () => {
      throw storageError(400, 'NotSupported', `${feature} not supported by the local backend`);
    };
    app.all(path, refuse);
    app.all(`${path}/*`, refuse);
  }
  app.all('*', () => {
    throw new ServiceError(404, 'not_found', 'Route not found', {
      extra: { statusCode: '404', code: 'NotFound' },
    });
  });
  return app;
}

export async function createService(context: ServiceContext): Promise<Service> {
  const { config, db, keys, logger } = context;
  if (!config.storage.enabled) {
    const app = new Hono<AppEnv>();
    app.onError(handleErrors('storage'));
    app.all('*', () => {
      throw new ServiceError(404, 'not_found', 'Storage is disabled in supabase/config.toml');
    });
    return { app };
  }
  const files = await FileStore.open(config.local.dataDir, { durable: config.local.fsync });
  // Before the API answers: files a crash left without a row (see files.ts) go now.
  const removed = await files.sweep(() => loadStoredVersions(db));
  if (removed > 0) {
    console.log(
      `[local-supabase:storage] removed ${removed} stored file${removed === 1 ? '' : 's'} with no row (left by interrupted uploads)`,
    );
  }
  const storage: StorageContext = {
    db,
    keys,
    files,
    fileSizeLimit: config.storage.file_size_limit,
    imageTransformation: config.storage.image_transformation.enabled,
  };
  const resumable = await ResumableUploads.open(storage, {
    dataDir: config.local.dataDir,
    expirySeconds: config.local.resumableExpirySeconds,
  });
  storage.resumable = resumable;
  const app = createStorageApp(storage, (error) => {
    logger.error('storage', 'unexpected error', error);
  });
  return {
    app,
    async stop() {
      await resumable.close();
      await files.close();
    },
    simulateDiskFull(full) {
      files.simulateDiskFull = full;
    },
  };
}
