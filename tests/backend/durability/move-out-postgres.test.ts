// The dump loads with psql into Debian's PostgreSQL prepared as a hosted Supabase project is (the
// platform's bootstrap as `supabase_admin`, the migrations as the non-superuser `postgres`, no seed),
// loaded as `postgres`, as a project owner would. Skipped, with the reason, where PostgreSQL is not
// installed (`.ci/run` installs it).
import { spawnSync } from 'node:child_process';
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
import { PLATFORM_SUPERUSER, prepareHostedLikeDatabase } from '../helpers/postgres/supabase.ts';
import { startTestServer } from '../helpers/server.ts';
import { demoPassword, demoUsers } from '../rls/demo.ts';
import { tinyPng } from '../storage/support.ts';

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

async function countRows(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = rows[0]?.n ?? -1;
  }
  return counts;
}

describe.skipIf(unavailable)('loading a dump with psql into PostgreSQL as hosted Supabase', () => {
  let cluster: PostgresCluster;
  let target: Database;
  let expected: Record<string, number>;
  let psql: ReturnType<typeof spawnSync>;
  const dumpFile = join(tmpdir(), `move-out-${process.pid}.sql`);

  beforeAll(async () => {
    const source = await startTestServer();
    const created = await source.admin().auth.admin.createUser({
      email: 'mover@moving.test',
      password: 'moving-out-password-1',
      email_confirm: true,
    });
    if (created.error) throw created.error;
    await source
      .admin()
      .storage.from('avatars')
      .upload(`${created.data.user.id}/avatar.png`, tinyPng, { contentType: 'image/png' });
    expected = await countRows(source.server.db);
    const dataDir = source.server.config.local.dataDir ?? '';
    await source.stop({ keepData: true });
    await writeFile(dumpFile, await dumpDataDir(join(dataDir, 'pgdata')));
    await rm(dataDir, { recursive: true, force: true });

    cluster = await startPostgres({ superuser: PLATFORM_SUPERUSER });
    ({ db: target } = await prepareHostedLikeDatabase(cluster, { seed: false }));
    // Hosted Supabase lets `postgres` set this (its supautils extension); plain PostgreSQL 15+
    // grants it explicitly. Supabase's restore guide loads data with it.
    const platform = await cluster.connect(PLATFORM_SUPERUSER);
    await platform.query('grant set on parameter session_replication_role to postgres');
    await platform.end();
    psql = spawnSync(
      join(cluster.binDir, 'psql'),
      [
        cluster.url('postgres'),
        '--single-transaction',
        '-v',
        'ON_ERROR_STOP=1',
        '-q',
        '-f',
        dumpFile,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
  }, 600_000);

  afterAll(async () => {
    await target.close();
    await cluster.stop();
    await rm(dumpFile, { force: true });
  });

  it('loads without an error and holds every row the local backend had', async () => {
    expect(psql.stderr).toBe('');
    expect(psql.status).toBe(0);
    expect(await countRows(target)).toEqual(expected);
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
    expect(await check('mover@moving.test', 'moving-out-password-1')).toBe(true);
    expect(await check(demoUsers.member.email, demoPassword)).toBe(true);
    expect(await check('mover@moving.test', 'a wrong password')).toBe(false);
  });
});
