// Moving out to hosted Supabase:
//   npm run db:dump -- [--data-dir .supabase-local] [--out polyglot-press-dump.sql]
//   npm run db:copy-files -- --to <project URL> --service-key <key> [--data-dir .supabase-local]
// Both read the data directory directly, so the local backend must be stopped first.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDataDir } from '../db/data-dir.ts';
import { projectRoot } from '../paths.ts';
import { copyStoredFiles } from './copy-files.ts';
import { dumpDataDir } from './dump.ts';

const HELP = `Usage:
  npm run db:dump -- [--data-dir <dir>] [--out <file>]
      Writes the data (public tables, auth.users and auth.identities with their password hashes,
      storage.buckets and storage.objects) as SQL for psql into a Supabase database that has
      supabase/migrations applied.
  npm run db:copy-files -- --to <project URL> --service-key <key> [--data-dir <dir>]
      Uploads every stored file into the same bucket and path there, through the Storage API.

Stop the local backend first: both read its data directory (default .supabase-local).`;

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      'data-dir': {
        type: 'string',
        default: process.env['SUPABASE_LOCAL_DATA_DIR'] ?? '.supabase-local',
      },
      out: { type: 'string', default: 'polyglot-press-dump.sql' },
      to: { type: 'string' },
      'service-key': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help || (command !== 'dump' && command !== 'copy-files')) {
    console.log(HELP);
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const dataDir = resolve(projectRoot, values['data-dir']);
  await checkDataDir(dataDir);
  if (command === 'dump') {
    const began = performance.now();
    const sql = await dumpDataDir(resolve(dataDir, 'pgdata'));
    const out = resolve(values.out);
    await writeFile(out, sql);
    const rows = sql.match(/^INSERT INTO /gm)?.length ?? 0;
    console.log(
      `Wrote ${rows} rows to ${out} in ${((performance.now() - began) / 1000).toFixed(1)} s.\n` +
        `Load it: psql "$DATABASE_URL" --single-transaction -v ON_ERROR_STOP=1 -f ${out}`,
    );
    return;
  }
  if (!values.to || !values['service-key']) {
    throw new Error('db:copy-files needs --to <project URL> and --service-key <key>');
  }
  const report = await copyStoredFiles(dataDir, {
    url: values.to,
    serviceKey: values['service-key'],
  });
  console.log(`Copied ${report.copied} stored files to ${values.to}.`);
  for (const { object, reason } of report.failed)
    console.error(`  not copied: ${object}: ${reason}`);
  if (report.failed.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
