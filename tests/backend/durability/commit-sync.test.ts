// A commit reaches the disk before it is acknowledged: in durable mode (a persistent data directory)
// Postgres's WAL flush at commit calls fsync(2) on the real file, through the fsync op LocalNodeFS
// adds to Emscripten's filesystem (which otherwise reports success without syncing). Counted on
// Node's fsyncSync, the call that op makes; without durable mode a commit makes none.
import * as fs from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extensions } from '../../../local-supabase/db/extensions.ts';
import { durableStartParams, LocalNodeFS } from '../../../local-supabase/db/node-fs.ts';
import { getTemplateDir } from '../helpers/template.ts';

vi.mock('node:fs', async (importOriginal) => {
  const original = await importOriginal<typeof fs>();
  return { ...original, fsyncSync: vi.fn(original.fsyncSync) };
});

const opened: { pg: PGlite; dir: string }[] = [];
afterEach(async () => {
  for (const { pg, dir } of opened.splice(0)) {
    await pg.close();
    await rm(dir, { recursive: true, force: true });
  }
});

/** PGlite on a copy of the template, as the worker opens it in durable mode or not. */
async function open(durable: boolean): Promise<PGlite> {
  const dir = await mkdtemp(join(tmpdir(), 'commit-sync-'));
  await cp(await getTemplateDir(), join(dir, 'pgdata'), { recursive: true });
  const pg = await PGlite.create({
    fs: new LocalNodeFS(join(dir, 'pgdata'), { durable }),
    ...(durable ? { startParams: durableStartParams() } : {}),
    extensions,
  });
  opened.push({ pg, dir });
  await pg.exec('create table synced (note text)');
  return pg;
}

/** How many fsync(2) calls one committed insert made before it was acknowledged. */
async function syncsPerCommit(pg: PGlite): Promise<number> {
  const fsyncSync = vi.mocked(fs.fsyncSync);
  fsyncSync.mockClear();
  await pg.query("insert into synced values ('acknowledged')");
  return fsyncSync.mock.calls.length;
}

describe('a commit in durable mode', () => {
  it('is synced to the disk before the insert returns', async () => {
    expect(await syncsPerCommit(await open(true))).toBeGreaterThan(0);
  }, 180_000);

  it('is left in the OS cache with fsync off (the fast mode of tests and --no-fsync)', async () => {
    expect(await syncsPerCommit(await open(false))).toBe(0);
  }, 180_000);
});
