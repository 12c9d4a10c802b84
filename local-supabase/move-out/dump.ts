// `npm run db:dump`: the data of a local data directory as one SQL file, with PGlite's own pg_dump,
// for `psql` into a Supabase database that has the project's migrations applied (hosted, or
// `supabase start`). Data only, never schema: the migrations make the schema there.
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { extensions } from '../db/extensions.ts';

/**
 * What moves: every table of `public`; the accounts with their password hashes (`auth.users`, and
 * `auth.identities`, which sign-in also reads); the buckets and the object rows (the bytes follow
 * through the Storage API, see copy-files.ts). Sessions and refresh tokens stay: members sign in anew.
 */
export const DUMPED_TABLES = [
  'public.*',
  'auth.users',
  'auth.identities',
  'storage.buckets',
  'storage.objects',
];

/**
 * Prepended to the dump. Triggers (and foreign-key checks, which are triggers) are off while it
 * loads, as Supabase's own restore instructions do (`SET session_replication_role = replica`): the
 * rows a trigger would make on the target (a profile per new user) come from the dump itself, and
 * tables may load before the ones they reference.
 */
const PREAMBLE = `-- Polyglot Press data, dumped from the local backend by \`npm run db:dump\`.
-- Load it with psql into a Supabase database that has supabase/migrations applied:
--   psql "$DATABASE_URL" --single-transaction -v ON_ERROR_STOP=1 -f <this file>
-- then copy the stored files: npm run db:copy-files -- --to <project URL> --service-key <key>
SET session_replication_role = replica;
`;

/**
 * PGlite's pg_dump is version 18; older servers (hosted Supabase runs 15 or 17) do not know some of
 * the settings it emits, and psql with ON_ERROR_STOP would stop there. They are defaults anyway.
 */
const NEWER_SETTINGS = /^SET (transaction_timeout|idle_in_transaction_session_timeout) = .*;\n/gm;

export async function dumpDataDir(dataDir: string): Promise<string> {
  const pg = await PGlite.create({ dataDir, extensions });
  try {
    const file = await pgDump({
      pg,
      args: [
        '--data-only',
        '--column-inserts',
        // A row the target's migrations already made (the avatars bucket) is kept as it is there.
        '--on-conflict-do-nothing',
        '--no-owner',
        '--no-privileges',
        ...DUMPED_TABLES.flatMap((table) => ['--table', table]),
      ],
    });
    const sql = (await file.text()).replace(NEWER_SETTINGS, '');
    return PREAMBLE + sql;
  } finally {
    await pg.close();
  }
}
