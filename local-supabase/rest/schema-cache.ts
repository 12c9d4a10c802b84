// PostgREST's schema cache: the current snapshot, reloaded when Postgres says the schema changed
// (NOTIFY pgrst, sent by the DDL event triggers in `bootstrap/01_schema_watch.sql`, as on Supabase).
import type { Database } from '../db/database.ts';
import { loadSnapshot, type SchemaSnapshot } from './snapshot.ts';

export interface SchemaCache {
  /** The current snapshot, reloaded first when the schema changed since it was taken. */
  get(): Promise<SchemaSnapshot>;
  /** Marks the snapshot stale (what `NOTIFY pgrst, 'reload schema'` does). */
  invalidate(): void;
  close(): Promise<void>;
}

export async function createSchemaCache(db: Database, schema = 'public'): Promise<SchemaCache> {
  let current: Promise<SchemaSnapshot> | undefined;
  let generation = 0;
  const invalidate = () => {
    generation += 1;
    current = undefined;
  };
  const unlisten = await db.listen('pgrst', (payload) => {
    if (payload === '' || payload === 'reload schema') invalidate();
  });
  return {
    get() {
      if (!current) {
        const loading = loadSnapshot(db, schema);
        const taken = generation;
        current = loading;
        // A failed load is retried by the next request; a load overtaken by a change is kept only
        // for the requests that already wait on it.
        loading.catch(() => {
          if (generation === taken && current === loading) current = undefined;
        });
      }
      return current;
    },
    invalidate,
    close: unlisten,
  };
}
