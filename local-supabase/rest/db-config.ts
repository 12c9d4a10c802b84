// PostgREST's in-database configuration: `pgrst.*` settings on the authenticator role, as Supabase
// documents them (`ALTER ROLE authenticator SET pgrst.db_aggregates_enabled = 'true'; NOTIFY pgrst,
// 'reload config';`). Read at the first request and again after `NOTIFY pgrst, 'reload config'`, as
// PostgREST does with `db-config` on; a setting for the current database wins over one for all.
import type { Database } from '../db/database.ts';

export interface DbConfig {
  /** `pgrst.db_aggregates_enabled`: `count()`, `col.sum()` … are allowed (PGRST123 otherwise). */
  aggregatesEnabled: boolean;
  /** `pgrst.db_plan_enabled`: `Accept: application/vnd.pgrst.plan` is answered (PGRST107 otherwise). */
  planEnabled: boolean;
}

export interface DbConfigSource {
  get(): Promise<DbConfig>;
  close(): Promise<void>;
}

const SETTINGS_QUERY = `
select setting
from pg_catalog.pg_db_role_setting s, unnest(s.setconfig) as setting
where s.setrole = (select oid from pg_catalog.pg_roles where rolname = 'authenticator')
  and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
  and setting like 'pgrst.%'
order by s.setdatabase desc`;

/** PostgREST's booleans: true/false, on/off, yes/no, 1/0, in any case. */
function isTrue(value: string | undefined): boolean {
  return ['true', 'on', 'yes', '1'].includes((value ?? '').trim().toLowerCase());
}

async function loadDbConfig(db: Database): Promise<DbConfig> {
  const { rows } = await db.query<{ setting: string }>(SETTINGS_QUERY);
  const settings = new Map<string, string>();
  for (const { setting } of rows) {
    const split = setting.indexOf('=');
    const key = setting.slice('pgrst.'.length, split);
    if (!settings.has(key)) settings.set(key, setting.slice(split + 1));
  }
  return {
    aggregatesEnabled: isTrue(settings.get('db_aggregates_enabled')),
    planEnabled: isTrue(settings.get('db_plan_enabled')),
  };
}

/** The configuration source; it starts listening for `reload config` at the first read. */
export function createDbConfig(db: Database): DbConfigSource {
  let current: Promise<DbConfig> | undefined;
  let listening: Promise<() => Promise<void>> | undefined;
  const load = async () => {
    listening ??= db.listen('pgrst', (payload) => {
      if (payload === 'reload config') current = undefined;
    });
    await listening;
    return loadDbConfig(db);
  };
  return {
    get() {
      if (!current) {
        const loading = load();
        current = loading;
        loading.catch(() => {
          if (current === loading) current = undefined;
        });
      }
      return current;
    },
    async close() {
      const unlisten = await listening?.catch(() => undefined);
      listening = undefined;
      await unlisten?.();
    },
  };
}
