// Turns a fresh Postgres into what a new Supabase project starts with (roles, auth, storage, realtime),
// before any of the product's migrations run.
import { fileURLToPath } from 'node:url';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database.ts';
import { readSqlDir, type SqlFile } from './sql-files.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The core bootstrap (`db/bootstrap/*.sql`) and then each service's own (`<service>/bootstrap/*.sql`,
 * e.g. realtime's change-capture tables), so services own their SQL but it runs before migrations.
 */
export async function readBootstrapFiles(): Promise<SqlFile[]> {
  const files = await readSqlDir(join(root, 'db', 'bootstrap'), 'db/');
  const entries = await readdir(root, { withFileTypes: true });
  const services = entries
    .filter((entry) => entry.isDirectory() && entry.name !== 'db')
    .map((entry) => entry.name)
    .sort();
  for (const service of services) {
    files.push(...(await readSqlDir(join(root, service, 'bootstrap'), `${service}/`)));
  }
  return files;
}

export interface BootstrapReport {
  applied: string[];
  /** Files changed since this data directory was bootstrapped: they are not re-applied. */
  changed: string[];
}

export async function bootstrapDatabase(db: Database): Promise<BootstrapReport> {
  await db.exec(`
    create schema if not exists _local_supabase;
    create table if not exists _local_supabase.bootstrap (
      name text primary key, hash text not null, applied_at timestamptz not null default now()
    );`);
  const { rows } = await db.query<{ name: string; hash: string }>(
    'select name, hash from _local_supabase.bootstrap',
  );
  const recorded = new Map(rows.map((row) => [row.name, row.hash]));
  const report: BootstrapReport = { applied: [], changed: [] };
  for (const file of await readBootstrapFiles()) {
    const hash = recorded.get(file.name);
    if (hash !== undefined) {
      if (hash !== file.hash) report.changed.push(file.name);
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.exec(file.sql);
      await tx.query('insert into _local_supabase.bootstrap (name, hash) values ($1, $2)', [
        file.name,
        file.hash,
      ]);
    });
    report.applied.push(file.name);
  }
  return report;
}
