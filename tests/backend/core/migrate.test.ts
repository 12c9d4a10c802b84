import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import {
  MigrationError,
  migrateDatabase,
  readMigrations,
} from '../../../local-supabase/db/migrate.ts';
import { freshDatabase } from '../helpers/database.ts';
import { supabaseDir } from '../helpers/template.ts';

describe('migrations applied in order, once, recorded like the Supabase CLI', () => {
  let db: Database;
  let dir: string;

  beforeAll(async () => {
    db = await freshDatabase();
    dir = await mkdtemp(join(tmpdir(), 'migrations-'));
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('has every product migration of supabase/migrations recorded in the template', async () => {
    const files = await readMigrations(join(supabaseDir, 'migrations'));
    const { rows } = await db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map((row) => row.version)).toEqual(files.map((file) => file.version));
  });

  it('applies new files in version order, records them, and skips them the next time', async () => {
    await writeFile(
      join(dir, '99990102000000_second.sql'),
      'insert into public.migration_probe values (2);',
    );
    await writeFile(
      join(dir, '99990101000000_first.sql'),
      'create table public.migration_probe (n int);',
    );
    await writeFile(join(dir, 'README.md'), 'not a migration');
    await writeFile(join(dir, 'notes.sql'), 'select nonsense;');
    expect(await migrateDatabase(db, dir)).toEqual([
      '99990101000000_first.sql',
      '99990102000000_second.sql',
    ]);
    expect(await migrateDatabase(db, dir)).toEqual([]);
    const { rows } = await db.query<{ version: string; name: string; statements: string[] }>(
      "select version, name, statements from supabase_migrations.schema_migrations where version like '9999%' order by version",
    );
    expect(rows).toEqual([
      {
        version: '99990101000000',
        name: 'first',
        statements: ['create table public.migration_probe (n int);'],
      },
      {
        version: '99990102000000',
        name: 'second',
        statements: ['insert into public.migration_probe values (2);'],
      },
    ]);
  });

  it('names the failing file and leaves nothing of it behind', async () => {
    await writeFile(
      join(dir, '99990103000000_broken.sql'),
      'create table public.half_done (n int); select * from public.no_such_table;',
    );
    const failure = await migrateDatabase(db, dir).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).message).toBe(
      'Migration 99990103000000_broken.sql failed: relation "public.no_such_table" does not exist',
    );
    const { rows } = await db.query("select to_regclass('public.half_done') as table");
    expect(rows[0]).toEqual({ table: null });
  });
});
