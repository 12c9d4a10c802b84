// The dump loads with psql into Debian's PostgreSQL prepared as a hosted Supabase project is (the
// platform's bootstrap as `supabase_admin`, the migrations as the non-superuser `postgres`, no seed),
// loaded as `postgres`, as a project owner would. The source is the demo data plus members with
// avatars, comments, replies, reactions and bookmarks (helpers/moving-out.ts); every row arrives as
// it was, and the password hashes verify there. (The avatar bytes need a Storage API, which plain
// PostgreSQL has not: move-out.test.ts copies them into a local backend.) Skipped, with the reason,
// where PostgreSQL is not installed (`.ci/run` installs it).
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import { dumpDataDir } from '../../../local-supabase/move-out/dump.ts';
import {
  postgresUnavailableReason,
  startPostgres,
  type PostgresCluster,
} from '../helpers/postgres/cluster.ts';
import {
  loadDumpWithPsql,
  PLATFORM_SUPERUSER,
  prepareHostedLikeDatabase,
} from '../helpers/postgres/supabase.ts';
import { MOVING_PASSWORD, movingMembers, populateMovingOut } from '../helpers/moving-out.ts';
import { startTestServer } from '../helpers/server.ts';
import { demoPassword, demoUsers } from '../rls/demo.ts';

const unavailable = postgresUnavailableReason();
if (unavailable) console.warn(`Skipping the dump load into PostgreSQL: ${unavailable}`);

const TABLES = [
  'auth.users',
  'auth.identities',
  'public.profiles',
  'public.comments',
  'public.reactions',
  'public.bookmarks',
  'public.comment_reports',
  'storage.buckets',
  'storage.objects',
];

/**
 * Every row of each moved table, as JSON text in a stable order (timestamps in UTC). The avatars
 * bucket is the one the target's migrations made (the dump's row does nothing on conflict), so its
 * creation times are the target's own.
 */
async function readRows(db: Database): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of TABLES) {
    const times = table === 'storage.buckets' ? " - 'created_at' - 'updated_at'" : '';
    const result = await db.query<{ row: string }>(
      `select (to_jsonb(t)${times})::text as row from ${table} t order by 1`,
    );
    rows[table] = result.rows.map(({ row }) => row);
  }
  return rows;
}

describe.skipIf(unavailable)('loading a dump with psql into PostgreSQL as hosted Supabase', () => {
  let cluster: PostgresCluster;
  let target: Database;
  let expected: Record<string, string[]>;
  let psql: Awaited<ReturnType<typeof loadDumpWithPsql>>;
  const dumpFile = join(tmpdir(), `move-out-${process.pid}.sql`);

  beforeAll(async () => {
    const source = await startTestServer();
    await populateMovingOut(source);
    await source.server.db.exec("set timezone to 'UTC'");
    expected = await readRows(source.server.db);
    const dataDir = source.server.config.local.dataDir ?? '';
    await source.stop({ keepData: true });
    await writeFile(dumpFile, await dumpDataDir(join(dataDir, 'pgdata')));
    await rm(dataDir, { recursive: true, force: true });

    cluster = await startPostgres({ superuser: PLATFORM_SUPERUSER });
    ({ db: target } = await prepareHostedLikeDatabase(cluster, { seed: false }));
    await target.exec("set timezone to 'UTC'");
    psql = await loadDumpWithPsql(cluster, dumpFile);
  }, 600_000);

  afterAll(async () => {
    await target.close();
    await cluster.stop();
    await rm(dumpFile, { force: true });
  });

  it('loads without an error and holds every row the local backend had, as it was', async () => {
    expect(psql.stderr).toBe('');
    expect(psql.status).toBe(0);
    const moved = await readRows(target);
    for (const table of TABLES) expect(moved[table], table).toEqual(expected[table]);
    // What the rows are: the members' comments, replies, reactions, bookmarks and avatar objects.
    const comments = moved['public.comments']?.filter((row) => row.includes('moving.test'));
    expect(comments).toHaveLength(movingMembers.length * 2);
    const avatars = moved['storage.objects']?.filter((row) => row.includes('/avatar.png'));
    expect(avatars).toHaveLength(movingMembers.length);
  });

  it('keeps the password hashes, so members sign in with their old passwords', async () => {
    // Checked by the target's own pgcrypto: the hashes are $2a$ bcrypt, as GoTrue writes them.
    const check = async (email: string, password: string) => {
      const { rows } = await target.query<{ matches: boolean }>(
        `select encrypted_password = extensions.crypt($2, encrypted_password) as matches
         from auth.users where email = $1`,
        [email, password],
      );
      return rows[0]?.matches ?? false;
    };
    for (const email of movingMembers) expect(await check(email, MOVING_PASSWORD)).toBe(true);
    expect(await check(demoUsers.member.email, demoPassword)).toBe(true);
    expect(await check(movingMembers[0] ?? '', 'a wrong password')).toBe(false);
  });
});
