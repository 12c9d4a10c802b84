// Turns a throwaway PostgreSQL cluster into what `supabase db push` meets on a hosted project, then
// pushes the project's migrations (and optionally the seed) the way the CLI does.
//
// How this differs from the local backend on PGlite, on purpose, because hosted Supabase differs so:
// - The cluster's superuser is `supabase_admin`, which runs the platform's part (the bootstrap: roles,
//   `auth`/`storage` schemas, extensions, event triggers, the realtime publication).
// - `postgres` is NOT a superuser (as on hosted Supabase since 2023): it logs in with CREATEROLE,
//   CREATEDB, REPLICATION and BYPASSRLS, and owns `supabase_migrations` (the CLI creates that schema as
//   `postgres`). Migrations and the seed run as `postgres`, so one that needs a superuser fails here.
// The bootstrap files are `local-supabase/db/bootstrap/*.sql` and each service's `bootstrap/*.sql`,
// applied as they are except for the statements `adaptBootstrap` names.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { readBootstrapFiles } from '../../../../local-supabase/db/bootstrap.ts';
import type { Database } from '../../../../local-supabase/db/database.ts';
import { migrateDatabase } from '../../../../local-supabase/db/migrate.ts';
import { seedDatabase } from '../../../../local-supabase/db/seed.ts';
import type { SqlFile } from '../../../../local-supabase/db/sql-files.ts';
import { projectRoot } from '../../../../local-supabase/paths.ts';
import type { PostgresCluster } from './cluster.ts';
import { postgresDatabase } from './database.ts';

export const PLATFORM_SUPERUSER = 'supabase_admin';

const supabaseDir = join(projectRoot, 'supabase');

/** `postgres` as hosted Supabase has it, created before the bootstrap so that it can grant to it. */
const platformRoles = `
  create role postgres login createrole createdb replication bypassrls;
`;

/**
 * After the bootstrap: the rights supabase/postgres gives `postgres` when it demotes it from superuser
 * (its "demote postgres user" migration), the right to create in `public` that a project's owner has,
 * the realtime publication (created by `postgres` before that demotion, so it owns it: the dashboard's
 * "alter publication supabase_realtime add table …" works for it), and the CLI's migration history,
 * which the CLI creates as `postgres` on a hosted project.
 */
const afterBootstrap = `
  grant all on database postgres to postgres;
  grant all on schema public to postgres;
  grant all on schema extensions to postgres;
  grant all on all tables in schema extensions to postgres;
  grant all on all sequences in schema extensions to postgres;
  grant all on all routines in schema extensions to postgres;
  alter publication supabase_realtime owner to postgres;
  alter schema supabase_migrations owner to postgres;
  alter table supabase_migrations.schema_migrations owner to postgres;
  alter table supabase_migrations.seed_files owner to postgres;
`;

/**
 * The one statement that cannot run unchanged: on PGlite `supabase_admin` is created by the bootstrap,
 * here it is the cluster's own superuser. Throws when the statement is not found, so a change to the
 * bootstrap cannot silently slip past this adaptation.
 */
export function adaptBootstrap(file: SqlFile): string {
  if (file.name !== 'db/00_roles.sql') return file.sql;
  const statement = /^create role supabase_admin [^;]*;\n/m;
  if (!statement.test(file.sql)) {
    throw new Error(
      `${file.name} no longer creates supabase_admin as expected; update adaptBootstrap`,
    );
  }
  return file.sql.replace(statement, '');
}

export interface PrepareOptions {
  /** Apply `supabase/seed.sql` after the migrations (as `supabase db reset` does locally). */
  seed?: boolean;
  migrationsDir?: string;
}

export interface HostedLikeDatabase {
  /** Connected as `postgres`, the role the CLI and the dashboard's SQL editor use. */
  db: Database;
  /** The migration files applied, in order. */
  migrations: string[];
}

/**
 * Bootstrap as the platform superuser, then migrations and seed as `postgres`.
 * The cluster must have been started with `superuser: PLATFORM_SUPERUSER`.
 */
export async function prepareHostedLikeDatabase(
  cluster: PostgresCluster,
  options: PrepareOptions = {},
): Promise<HostedLikeDatabase> {
  if (cluster.superuser !== PLATFORM_SUPERUSER) {
    throw new Error(`Start the cluster with superuser "${PLATFORM_SUPERUSER}"`);
  }
  const platform = postgresDatabase(await cluster.connect(PLATFORM_SUPERUSER));
  try {
    await platform.exec(platformRoles);
    for (const file of await readBootstrapFiles()) {
      try {
        await platform.transaction((tx) => tx.exec(adaptBootstrap(file)));
      } catch (error) {
        throw new Error(`Bootstrap ${file.name} failed on PostgreSQL: ${String(error)}`, {
          cause: error,
        });
      }
    }
    await platform.exec(afterBootstrap);
  } finally {
    await platform.close();
  }

  // A new connection picks up the role settings the bootstrap made (search_path with `extensions`).
  const db = postgresDatabase(await cluster.connect('postgres'));
  try {
    const migrations = await migrateDatabase(
      db,
      options.migrationsDir ?? join(supabaseDir, 'migrations'),
    );
    if (options.seed ?? true) {
      await seedDatabase(db, [join(supabaseDir, 'seed.sql')], supabaseDir);
    }
    return { db, migrations };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * Loads a `db:dump` file with psql as `postgres`, as a project owner would (the cluster prepared by
 * `prepareHostedLikeDatabase`). Hosted Supabase lets `postgres` set `session_replication_role`, which
 * the dump sets as Supabase's restore guide does (its supautils extension); plain PostgreSQL 15+
 * grants it explicitly first. Returns psql's exit status and output.
 */
export async function loadDumpWithPsql(cluster: PostgresCluster, file: string) {
  const platform = await cluster.connect(PLATFORM_SUPERUSER);
  await platform.query('grant set on parameter session_replication_role to postgres');
  await platform.end();
  return spawnSync(
    join(cluster.binDir, 'psql'),
    [cluster.url('postgres'), '--single-transaction', '-v', 'ON_ERROR_STOP=1', '-q', '-f', file],
    { encoding: 'utf8', timeout: 300_000 },
  );
}
