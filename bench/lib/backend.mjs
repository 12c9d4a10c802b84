// The local backend started inside a benchmark's own process: a free port, no mailbox server, in
// memory unless a data directory is given (then durable, as `npm start` runs, unless `fsync: false`).
import { start } from '../../local-supabase/server.ts';

/**
 * @param {{ dataDir?: string | null; fsync?: boolean; settings?: Record<string, unknown>; realtimeLimits?: Record<string, number> }} [options]
 * @returns the started server and the headers of a service-role request (`serviceHeaders`).
 */
export async function startBenchBackend({
  dataDir = null,
  fsync,
  settings = {},
  realtimeLimits,
} = {}) {
  const server = await start({
    dataDir,
    port: 0,
    ...(fsync === undefined ? {} : { fsync }),
    ...(realtimeLimits ? { realtimeLimits } : {}),
    settings: { inbucket: { enabled: false }, ...settings },
  });
  const key = server.keys.serviceRoleKey;
  return { server, serviceHeaders: { apikey: key, Authorization: `Bearer ${key}` } };
}
