// Applies supabase/migrations/*.sql in version order and records them the way the Supabase CLI does
// (supabase_migrations.schema_migrations), so each runs once per data directory.
import { join } from 'node:path';
import type { Database } from './database.ts';
import { listSqlFiles, readSqlFile, type SqlFile } from './sql-files.ts';

const MIGRATION_NAME = /^(\d+)_(.*)\.sql$/;

export interface Migration extends SqlFile {
  version: string;
  label: string;
}

export class MigrationError extends Error {
  readonly migration: string;

  constructor(migration: string, cause: unknown) {
    super(
      `Migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.migration = migration;
    this.name = 'MigrationError';
  }
}

/** The migration files in version order; files not named `<version>_<name>.sql` are skipped, as the CLI does. */
export async function readMigrations(dir: string): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for (const name of await listSqlFiles(dir)) {
    const match = MIGRATION_NAME.exec(name);
    if (!match?.[1]) continue;
    const file = await readSqlFile(name, join(dir, name));
    migrations.push({ ...file, version: match[1], label: match[2] ?? '' });
  }
  return migrations.sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
}

/** Applies the migrations not yet recorded, each in its own transaction; returns their file names. */
export async function migrateDatabase(db: Database, dir: string): Promise<string[]> {
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const done = new Set(rows.map((row) => row.version));
  const applied: string[] = [];
  for (const migration of await readMigrations(dir)) {
    if (done.has(migration.version)) continue;
    try {
      await db.transaction(async (tx) => {
        await tx.exec(migration.sql);
        // A migration may change these for its own session; later migrations expect the defaults.
        await tx.exec('reset role; set search_path = "$user", public, extensions');
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
          [migration.version, [migration.sql], migration.label],
        );
      });
    } catch (error) {
      throw new MigrationError(migration.name, error);
    }
    applied.push(migration.name);
  }
  return applied;
}
