// PostgREST's schema cache: the current snapshot, reloaded when Postgres says the schema changed
// (NOTIFY pgrst, sent by DDL event triggers, as on Supabase).
import type { Database } from '../db/database.ts';
import { loadSnapshot, type SchemaSnapshot } from './snapshot.ts';

/**
 * Supabase's own event triggers (`extensions.pgrst_ddl_watch`/`pgrst_drop_watch`): every DDL
 * statement notifies `pgrst`, which reloads the cache. Created when missing.
 */
const WATCH_DDL = `
create or replace function extensions.pgrst_ddl_watch() returns event_trigger
language plpgsql as $$
declare cmd record;
begin
  for cmd in select * from pg_event_trigger_ddl_commands() loop
    if cmd.command_tag in (
      'CREATE SCHEMA', 'ALTER SCHEMA', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO',
      'ALTER TABLE', 'CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE', 'CREATE VIEW', 'ALTER VIEW',
      'CREATE MATERIALIZED VIEW', 'ALTER MATERIALIZED VIEW', 'CREATE FUNCTION', 'ALTER FUNCTION',
      'CREATE TRIGGER', 'CREATE TYPE', 'ALTER TYPE', 'CREATE RULE', 'COMMENT'
    ) and cmd.schema_name is distinct from 'pg_temp' then
      notify pgrst, 'reload schema';
    end if;
  end loop;
end $$;

create or replace function extensions.pgrst_drop_watch() returns event_trigger
language plpgsql as $$
declare obj record;
begin
  for obj in select * from pg_event_trigger_dropped_objects() loop
    if obj.object_type in (
      'schema', 'table', 'foreign table', 'view', 'materialized view', 'function', 'trigger',
      'type', 'rule'
    ) and obj.is_temporary is false then
      notify pgrst, 'reload schema';
    end if;
  end loop;
end $$;

do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
    create event trigger pgrst_ddl_watch on ddl_command_end
      execute procedure extensions.pgrst_ddl_watch();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_drop_watch') then
    create event trigger pgrst_drop_watch on sql_drop
      execute procedure extensions.pgrst_drop_watch();
  end if;
end $$;`;

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
  const triggers = await db.query<{ present: boolean }>(
    `select count(*) = 2 as present from pg_event_trigger
     where evtname in ('pgrst_ddl_watch', 'pgrst_drop_watch')`,
  );
  if (!triggers.rows[0]?.present) await db.exec(WATCH_DDL);
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
