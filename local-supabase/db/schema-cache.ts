// The one schema cache of the backend: what REST (PostgREST's schema snapshot per exposed schema) and
// realtime (a published table's columns, grants and policies) read from pg_catalog, kept until the
// schema changes. One listener empties it on the one DDL notification (`bootstrap/05_schema_watch.sql`:
// every DDL command, GRANT, CREATE POLICY and ALTER PUBLICATION included, notifies `local_ddl` with its
// command tag) and on `NOTIFY pgrst, 'reload schema'`, which PostgREST users send by hand.
import type { Database } from './database.ts';
import type { Log } from '../http/log.ts';

/** The channel of `extensions.local_ddl_watch()`; the payload is the command tag. */
const DDL_CHANNEL = 'local_ddl';

/** PostgREST's payloads on `pgrst` that reload the schema cache ('reload config' does not). */
const RELOAD_PAYLOADS = new Set(['', 'reload schema']);

export interface SchemaCache {
  /**
   * The cached value under `key` (each service prefixes its own keys), loaded with `load` when the
   * schema changed since it was cached. A failed load is not kept: the next call loads again.
   * @example cache.get(`rest:${schema}`, () => loadSnapshot(db, schema))
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export async function watchSchema(db: Database, log: Log = () => undefined): Promise<SchemaCache> {
  let entries = new Map<string, Promise<unknown>>();
  // A load already running keeps serving the requests that wait on it; later ones load again.
  const forget = (why: string) => {
    log(`schema changed (${why}): cache emptied`);
    entries = new Map();
  };
  await db.listen(DDL_CHANNEL, (tag) => {
    forget(tag);
  });
  await db.listen('pgrst', (payload) => {
    if (RELOAD_PAYLOADS.has(payload)) forget(`NOTIFY pgrst, '${payload}'`);
  });
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const cached = entries.get(key) as Promise<T> | undefined;
      if (cached) return cached;
      const loading = load();
      const owner = entries;
      owner.set(key, loading);
      loading.catch(() => {
        if (owner.get(key) === loading) owner.delete(key);
      });
      return loading;
    },
  };
}
