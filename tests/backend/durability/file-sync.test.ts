// A stored file reaches the disk whole before its row can commit: in durable mode (a persistent data
// directory) the bytes go to `<version>.part`, that file is synced, renamed to `<version>`, and the
// bucket's directory is synced so the rename itself survives a power loss. Counted on the calls the
// store makes through node:fs/promises; with fsync off (tests, --no-fsync) it makes no sync.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileStore } from '../../../local-supabase/storage/files.ts';

const calls = vi.hoisted(() => [] as string[]);

vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...original,
    open: async (...args: Parameters<typeof original.open>) => {
      const handle = await original.open(...args);
      const sync = handle.sync.bind(handle);
      handle.sync = () => {
        calls.push(`sync ${String(args[0])}`);
        return sync();
      };
      return handle;
    },
    rename: async (from: string, to: string) => {
      calls.push(`rename ${from} -> ${to}`);
      return original.rename(from, to);
    },
  };
});

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function store(durable: boolean): Promise<FileStore> {
  const dir = await mkdtemp(join(tmpdir(), 'file-sync-'));
  dirs.push(dir);
  return FileStore.open(dir, { durable });
}

const version = '0b6c1d3e-7f4a-4c2e-9d1a-5e8f7a6b4c3d';

describe('a stored file in durable mode', () => {
  it('is synced under its temporary name, renamed, and its directory synced, in that order', async () => {
    const files = await store(true);
    calls.length = 0;
    await files.write('avatars', version, new Uint8Array([1, 2, 3]));
    const bucketDir = join(files.root, 'avatars');
    const path = join(bucketDir, version);
    expect(calls).toEqual([
      `sync ${path}.part`,
      `rename ${path}.part -> ${path}`,
      `sync ${bucketDir}`,
    ]);
    expect([...(await readFile(path))]).toEqual([1, 2, 3]);
  });

  it('is only renamed into place with fsync off (the fast mode of tests and --no-fsync)', async () => {
    const files = await store(false);
    calls.length = 0;
    await files.write('avatars', version, new Uint8Array([4, 5, 6]));
    expect(calls.filter((call) => call.startsWith('sync'))).toEqual([]);
    expect(calls).toHaveLength(1);
  });
});
