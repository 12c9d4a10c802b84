// Durable by default: a persistent data directory syncs commits and stored files; a restart sweeps
// files a crash left without a row, and never leaves a row without its bytes.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileStore } from '../../../local-supabase/storage/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { bytesOf, tinyPng } from '../storage/support.ts';

// Each test starts a server and restarts it: two warm starts, slow on a loaded machine.
const RESTART_TIMEOUT = 180_000;
const started: TestServer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of started.splice(0)) await server.stop();
});

async function setting(server: TestServer, name: string): Promise<string> {
  const { rows } = await server.server.db.query<{ value: string }>(
    'select current_setting($1) as value',
    [name],
  );
  return rows[0]?.value ?? '';
}

describe('durability of a persistent data directory', () => {
  it(
    'syncs commits (Postgres fsync on) and keeps every acknowledged write across a restart',
    async () => {
      const first = await startTestServer({ fsync: true });
      expect(await setting(first, 'fsync')).toBe('on');
      expect(await setting(first, 'wal_sync_method')).toBe('fsync');
      const admin = first.admin();
      await admin.storage.createBucket('durable', { public: false });
      const upload = await admin.storage.from('durable').upload('a/tiny.png', tinyPng, {
        contentType: 'image/png',
      });
      expect(upload.error).toBeNull();
      const server = await first.restart();
      started.push(server);
      const { data, error } = await server.admin().storage.from('durable').download('a/tiny.png');
      expect(error).toBeNull();
      expect(await bytesOf(data)).toEqual(tinyPng);
    },
    RESTART_TIMEOUT,
  );

  it(
    'removes files with no row at start, reports how many, and keeps every stored object',
    async () => {
      const first = await startTestServer();
      // The test suite's fast mode.
      expect(await setting(first, 'fsync')).toBe('off');
      const admin = first.admin();
      await admin.storage.createBucket('kept', { public: false });
      await admin.storage.from('kept').upload('x.png', tinyPng, { contentType: 'image/png' });
      const root = join(first.server.config.local.dataDir ?? '', 'storage');
      // What a kill between the file and the row commit leaves: a whole version file, and a cut one.
      await writeFile(join(root, 'kept', randomUUID()), 'orphan');
      await writeFile(join(root, 'kept', `${randomUUID()}.part`), 'half');
      expect(await readdir(join(root, 'kept'))).toHaveLength(3);

      const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
      const server = await first.restart();
      started.push(server);
      expect(log).toHaveBeenCalledWith(
        expect.stringContaining('removed 2 stored files with no row'),
      );
      expect(await readdir(join(root, 'kept'))).toHaveLength(1);
      const { data } = await server.admin().storage.from('kept').download('x.png');
      expect(await bytesOf(data)).toEqual(tinyPng);
    },
    RESTART_TIMEOUT,
  );
});

describe('the stored-file sweep', () => {
  it('leaves a file alone while its upload holds it, and removes it once released without a row', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sweep-'));
    try {
      const files = await FileStore.open(dir, { durable: true });
      const version = randomUUID();
      const release = files.hold('b', version);
      await files.write('b', version, new TextEncoder().encode('in progress'));
      const noRows = () => Promise.resolve(() => false);
      expect(await files.sweep(noRows)).toBe(0);
      expect(await files.read('b', version)).not.toBeNull();
      release();
      expect(await files.sweep(noRows)).toBe(1);
      expect(await files.read('b', version)).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('never shows a half-written file under its version name', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sweep-'));
    try {
      const files = await FileStore.open(dir, { durable: true });
      const missing = { bucket: 'b', version: randomUUID() };
      await expect(files.copy(missing, { bucket: 'b', version: randomUUID() })).rejects.toThrow(
        /ENOENT/,
      );
      expect(await readdir(join(dir, 'storage', 'b'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
