// The same RLS matrix on Debian's PostgreSQL, prepared as a hosted Supabase project is (the platform's
// bootstrap as `supabase_admin`, migrations and seed as the non-superuser `postgres`), so that what
// passes on PGlite is shown to hold on the real server too. Skipped, with the reason, where
// PostgreSQL is not installed (`.ci/run` installs it).
import { describe, expect, it } from 'vitest';
import { readMigrations } from '../../../local-supabase/db/migrate.ts';
import { startPostgres, postgresUnavailableReason } from '../helpers/postgres/cluster.ts';
import { PLATFORM_SUPERUSER, prepareHostedLikeDatabase } from '../helpers/postgres/supabase.ts';
import { supabaseDir } from '../helpers/template.ts';
import { join } from 'node:path';
import type { Database } from '../../../local-supabase/db/database.ts';
import { defineRlsMatrix } from './matrix-suite.ts';

const unavailable = postgresUnavailableReason();
if (unavailable) console.warn(`Skipping the RLS matrix on PostgreSQL: ${unavailable}`);

describe.skipIf(unavailable)(
  `the RLS matrix on the real policies (PostgreSQL${unavailable ? `, skipped: ${unavailable}` : ''})`,
  () => {
    let db: Database | undefined;
    let migrations: string[] = [];

    defineRlsMatrix(async () => {
      const cluster = await startPostgres({ superuser: PLATFORM_SUPERUSER });
      try {
        ({ db, migrations } = await prepareHostedLikeDatabase(cluster, { seed: true }));
      } catch (error) {
        await cluster.stop();
        throw error;
      }
      const opened = db;
      return {
        db: opened,
        close: async () => {
          await opened.close();
          await cluster.stop();
        },
      };
    });

    it('applied every migration and the seed as postgres, which is not a superuser there', async () => {
      const expected = (await readMigrations(join(supabaseDir, 'migrations'))).map((m) => m.name);
      expect(migrations).toEqual(expected);
      if (!db) throw new Error('The database did not open');
      const { rows } = await db.query<{ superuser: boolean; bypassrls: boolean; users: number }>(
        `select rolsuper as superuser, rolbypassrls as bypassrls,
                (select count(*)::int from auth.users) as users
         from pg_roles where rolname = current_user`,
      );
      expect(rows[0]).toEqual({ superuser: false, bypassrls: true, users: 4 });
    });
  },
);
