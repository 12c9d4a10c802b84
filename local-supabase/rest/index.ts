// The REST service as local-supabase/services.ts creates it.
import type { Service, ServiceContext } from '../http/service.ts';
import { createDbConfig } from './db-config.ts';
import { createRestRouter } from './router.ts';

const REST_MAX_BODY_BYTES = 2 * 1024 * 1024;

export function createService(context: ServiceContext): Service {
  const dbConfig = createDbConfig(context.db);
  const app = createRestRouter({
    db: context.db,
    schemaCache: context.schemaCache,
    dbConfig,
    schemas: context.config.api.schemas,
    extraSearchPath: context.config.api.extra_search_path,
    keys: context.keys,
    // JSON payloads are small; the server-wide limit is sized for storage uploads.
    maxBodyBytes: Math.min(context.config.local.maxBodyBytes, REST_MAX_BODY_BYTES),
    onUnexpected: (error) => {
      context.logger.error('rest', 'unexpected error', error);
    },
  });
  return { app, stop: () => dbConfig.close() };
}
