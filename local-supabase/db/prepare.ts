import type { Database } from './database.ts';
import { bootstrapDatabase } from './bootstrap.ts';
import { migrateDatabase } from './migrate.ts';
import { seedDatabase } from './seed.ts';

export interface PrepareOptions {
  migrationsDir: string;
  /** Seed files, run once per data directory; empty to not seed. */
  seedPaths: string[];
  /** What seed paths are recorded relative to (the `supabase/` directory, as the CLI does). */
  supabaseDir: string;
}

export interface PrepareReport {
  bootstrapped: string[];
  bootstrapChanged: string[];
  migrated: string[];
  seeded: string[];
}

/** Bootstrap, then the product's migrations, then the seed: what every start and template build runs. */
export async function prepareDatabase(
  db: Database,
  options: PrepareOptions,
): Promise<PrepareReport> {
  const bootstrap = await bootstrapDatabase(db);
  const migrated = await migrateDatabase(db, options.migrationsDir);
  const seeded = await seedDatabase(db, options.seedPaths, options.supabaseDir);
  return {
    bootstrapped: bootstrap.applied,
    bootstrapChanged: bootstrap.changed,
    migrated,
    seeded,
  };
}
