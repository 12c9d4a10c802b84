// Runs the seed files once per data directory (first start), recording them as the Supabase CLI does
// in supabase_migrations.seed_files.
import { relative } from 'node:path';
import type { Database } from './database.ts';
import { readSqlFile } from './sql-files.ts';

export class SeedError extends Error {
  readonly file: string;

  constructor(file: string, cause: unknown) {
    super(`Seed ${file} failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.file = file;
    this.name = 'SeedError';
  }
}

/** Seeds a database that has never been seeded; a missing seed file is skipped. Returns what ran. */
export async function seedDatabase(
  db: Database,
  paths: string[],
  baseDir: string,
): Promise<string[]> {
  const { rows } = await db.query<{ count: number }>(
    'select count(*)::int as count from supabase_migrations.seed_files',
  );
  if ((rows[0]?.count ?? 0) > 0) return [];
  const applied: string[] = [];
  for (const path of paths) {
    const name = relative(baseDir, path);
    let file;
    try {
      file = await readSqlFile(name, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    try {
      await db.transaction(async (tx) => {
        await tx.exec(file.sql);
        await tx.exec('reset role');
        await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
          file.name,
          file.hash,
        ]);
      });
    } catch (error) {
      throw new SeedError(name, error);
    }
    applied.push(name);
  }
  return applied;
}
