// How long moving out takes: `db:dump` of a data directory and loading the dump into a fresh backend
// (migrations only), for the demo data and for the demo data plus 10,000 comments. Source and target
// are copies of cached template data directories (.supabase-local/templates), so no initdb is timed.
// Where Debian's PostgreSQL is installed, the dump is also loaded with psql into a cluster prepared
// as a hosted Supabase project (tests/backend/helpers/postgres), as the move to hosted does; only
// the psql load is timed.
//
//   node bench/backend/dump-restore.mjs
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../local-supabase/db/database.ts';
import { ensureTemplate } from '../../local-supabase/db/template.ts';
import { dumpDataDir } from '../../local-supabase/move-out/dump.ts';
import { loadDump } from '../../local-supabase/move-out/load.ts';
import { projectRoot } from '../../local-supabase/paths.ts';
import {
  postgresUnavailableReason,
  startPostgres,
} from '../../tests/backend/helpers/postgres/cluster.ts';
import {
  loadDumpWithPsql,
  PLATFORM_SUPERUSER,
  prepareHostedLikeDatabase,
} from '../../tests/backend/helpers/postgres/supabase.ts';

const noPostgres = postgresUnavailableReason();

const supabaseDir = join(projectRoot, 'supabase');
const templates = (seed) =>
  ensureTemplate({
    migrationsDir: join(supabaseDir, 'migrations'),
    seedPaths: seed ? [join(supabaseDir, 'seed.sql')] : [],
    supabaseDir,
    cacheDir: join(projectRoot, '.supabase-local', 'templates'),
  });

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Milliseconds psql takes to load `sql` into a fresh hosted-like PostgreSQL, or null without one. */
async function loadIntoPostgres(sql, scratch) {
  if (noPostgres) return null;
  const file = join(scratch, 'dump.sql');
  await writeFile(file, sql);
  const cluster = await startPostgres({ superuser: PLATFORM_SUPERUSER });
  try {
    const { db } = await prepareHostedLikeDatabase(cluster, { seed: false });
    await db.close();
    const began = performance.now();
    const psql = await loadDumpWithPsql(cluster, file);
    if (psql.status !== 0) throw new Error(`psql failed: ${psql.stderr}`);
    return performance.now() - began;
  } finally {
    await cluster.stop();
  }
}

async function measure(label, sourceDir, emptyTemplate, scratch) {
  const dumpBegan = performance.now();
  const sql = await dumpDataDir(sourceDir);
  const dumpMs = performance.now() - dumpBegan;
  const target = await openDatabase({
    dataDir: join(scratch, `target-${label.length}`),
    loadTemplateDir: emptyTemplate,
  });
  try {
    const loadBegan = performance.now();
    await loadDump(target, sql);
    const loadMs = performance.now() - loadBegan;
    const { rows } = await target.query('select count(*)::int as n from public.comments');
    const inserts = sql.match(/^INSERT INTO /gm)?.length ?? 0;
    const postgresMs = await loadIntoPostgres(sql, scratch);
    console.log(
      `  ${label.padEnd(28)} ${String(inserts).padStart(6)} rows, ${(sql.length / 2 ** 20).toFixed(1)} MB: ` +
        `dump ${seconds(dumpMs)} (PGlite open and pg_dump), load ${seconds(loadMs)}; ${rows[0].n} comments there; ` +
        (postgresMs === null
          ? `not loaded into PostgreSQL (${noPostgres})`
          : `psql into PostgreSQL ${seconds(postgresMs)}`),
    );
  } finally {
    await target.close();
  }
}

const scratch = await mkdtemp(join(tmpdir(), 'bench-dump-'));
try {
  const seeded = await templates(true);
  const empty = await templates(false);
  console.log('Moving out: db:dump, then loading the dump into a fresh backend (migrations only)');
  const source = join(scratch, 'source');
  await cp(seeded, source, { recursive: true });
  await measure('demo data', source, empty, scratch);

  const db = await openDatabase({ dataDir: source });
  await db.query(
    `insert into public.comments (article_key, author_id, body, language)
     select 'bench.dump.' || (g % 200), p.id, 'Comment number ' || g || ' with some words in it', 'en'
     from generate_series(1, 10000) as g
     cross join lateral (select id from public.profiles order by id limit 1) as p`,
  );
  await db.close();
  await measure('demo data + 10,000 comments', source, empty, scratch);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
