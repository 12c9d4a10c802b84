// What the change feed needs to know about a table: its columns with their types (the `columns` of a
// change event, which the client converts by), primary key, replica identity, publication membership
// which columns each API role may select, and whether row level security applies with which SELECT
// policies (a deleted row's visibility is decided by them). Kept in the backend's schema cache, which
// DDL empties (a GRANT or a new policy included).
import type { Database } from '../../db/database.ts';
import type { SchemaCache } from '../../db/schema-cache.ts';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface ColumnInfo {
  name: string;
  /** `pg_type.typname` (`int8`, `timestamptz`, `_text`): what realtime-js converts by. */
  type: string;
  /** `format_type()`, usable in a cast (`character varying(40)`, `public.mood`). */
  sqlType: string;
}

export interface TableInfo {
  schema: string;
  table: string;
  columns: ColumnInfo[];
  primaryKey: string[];
  /** `f` = REPLICA IDENTITY FULL: old records carry every column, not only the key. */
  replicaIdentity: string;
  published: boolean;
  /** The columns each role may select (empty: the role cannot read the table). */
  selectable: Record<ApiRole, string[]>;
  /** Row level security is enabled. */
  rls: boolean;
  /** The SELECT (and ALL) policies, with their USING expression as SQL over the table's columns. */
  selectPolicies: SelectPolicy[];
}

export interface SelectPolicy {
  permissive: boolean;
  /** Role names; `public` applies to every role. */
  roles: string[];
  using: string;
}

const TABLE_INFO = `
select json_build_object(
  'schema', n.nspname,
  'table', c.relname,
  'columns', coalesce((
    select json_agg(json_build_object('name', a.attname, 'type', t.typname,
      'sqlType', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
    from pg_attribute a join pg_type t on t.oid = a.atttypid
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'),
  'primaryKey', coalesce((
    select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
    from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
    where i.indrelid = c.oid and i.indisprimary), '[]'),
  'replicaIdentity', c.relreplident,
  'published', exists (select 1 from pg_publication_tables p
    where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname),
  'selectable', (
    select json_object_agg(r.role, coalesce((
      select json_agg(a.attname order by a.attnum) from pg_attribute a
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        and has_column_privilege(r.role, c.oid, a.attnum, 'SELECT')), '[]'))
    from unnest(array['anon', 'authenticated', 'service_role']) as r(role)),
  'rls', c.relrowsecurity,
  'selectPolicies', coalesce((
    select json_agg(json_build_object(
      'permissive', p.polpermissive,
      'roles', (select coalesce(json_agg(case when pr.oid = 0 then 'public' else r.rolname::text end), '[]')
                from unnest(p.polroles) as pr(oid) left join pg_roles r on r.oid = pr.oid),
      'using', coalesce(pg_get_expr(p.polqual, p.polrelid), 'true')) order by p.polname)
    from pg_policy p where p.polrelid = c.oid and p.polcmd in ('r', '*')), '[]')
)::text as info
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`;

export class TableCatalog {
  readonly #db: Database;
  readonly #cache: SchemaCache;

  constructor(db: Database, cache: SchemaCache) {
    this.#db = db;
    this.#cache = cache;
  }

  /** The table's description, or null when it does not exist. */
  get(schema: string, table: string): Promise<TableInfo | null> {
    return this.#cache.get(`realtime:table:${JSON.stringify([schema, table])}`, async () => {
      const { rows } = await this.#db.query<{ info: string }>(TABLE_INFO, [schema, table]);
      return rows[0] ? (JSON.parse(rows[0].info) as TableInfo) : null;
    });
  }

  /** The published tables of a schema (bindings with `table: '*'`). */
  publishedIn(schema: string): Promise<string[]> {
    return this.#cache.get(`realtime:published:${schema}`, async () => {
      const { rows } = await this.#db.query<{ tables: string }>(
        `select coalesce(json_agg(tablename order by tablename), '[]')::text as tables
         from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = $1`,
        [schema],
      );
      return JSON.parse(rows[0]?.tables ?? '[]') as string[];
    });
  }
}
