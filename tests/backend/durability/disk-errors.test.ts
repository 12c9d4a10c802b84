// The edge of the disk. At start, a data directory the server cannot use stops it with one line that
// names the directory and the cause. While running, a full disk is answered in each service's own
// shape (PostgREST: SQLSTATE 53100; auth and storage: "no space left on the server"), and the server
// recovers when space returns.
//
// A full or read-only disk is not made for real here (no root mounts on a shared machine, and root
// ignores file permissions): it is injected at the filesystem boundary, through `DiskOps` at start and
// `simulateDiskFull` (PGlite's file writes and the storage files) while running.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDataDir,
  nodeDiskOps,
  POSTGRES_MAJOR,
  type DiskOps,
} from '../../../local-supabase/db/data-dir.ts';
import { start } from '../../../local-supabase/server.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, tinyPng } from '../storage/support.ts';
import { getTemplateDir } from '../helpers/template.ts';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'disk-errors-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

function failing(code: string): Error {
  return Object.assign(new Error(`${code}: simulated`), { code });
}

describe('starting on a data directory the server cannot use', () => {
  it('names the directory when it is a file, not a directory', async () => {
    const file = join(scratch, 'a-file');
    await writeFile(file, 'not a directory');
    await expect(start({ dataDir: file, port: 0, mailboxPort: 0 })).rejects.toThrow(
      `Cannot use the data directory ${file}: it (or a parent) is a file, not a directory (EEXIST)`,
    );
  });

  it('names the directory and the Postgres versions when it was made by another version', async () => {
    const dir = join(scratch, 'old-version');
    await mkdir(join(dir, 'pgdata'), { recursive: true });
    await writeFile(join(dir, 'pgdata', 'PG_VERSION'), '16\n');
    await expect(start({ dataDir: dir, port: 0, mailboxPort: 0 })).rejects.toThrow(
      `Cannot use the data directory ${join(dir, 'pgdata')}: it was created by Postgres 16 and this backend runs Postgres ${POSTGRES_MAJOR}`,
    );
  });

  it('knows the Postgres version the bundled PGlite writes', async () => {
    const template = await getTemplateDir();
    expect((await readFile(join(template, 'PG_VERSION'), 'utf8')).trim()).toBe(POSTGRES_MAJOR);
  });

  it.each([
    ['EROFS', 'the file system is read-only (EROFS)'],
    ['EACCES', 'permission denied (this user may not write there) (EACCES)'],
    ['ENOSPC', 'the disk is full (ENOSPC)'],
  ])('says so in one line when a write there fails with %s', async (code, cause) => {
    const ops: DiskOps = {
      ...nodeDiskOps,
      writeProbe: () => Promise.reject(failing(code)),
    };
    const error = await checkDataDir(join(scratch, code), ops).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      `Cannot use the data directory ${join(scratch, code)}: ${cause}`,
    );
    expect((error as Error).message).not.toContain('\n');
  });

  it('refuses to start on a nearly full disk and says how much is free', async () => {
    const ops: DiskOps = { ...nodeDiskOps, freeBytes: () => Promise.resolve(3 * 2 ** 20) };
    await expect(checkDataDir(join(scratch, 'full'), ops)).rejects.toThrow(
      /: the disk is full \(3 MB free, at least 64 MB needed to start\)$/,
    );
  });
});

describe('a full disk while running', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.server.simulateDiskFull(false);
    await server.stop();
  });

  it('answers each service in its own shape, keeps what it acknowledged, and recovers', async () => {
    const member = await signIn(server, 'member');
    const kept = await member
      .from('comments')
      .insert({ article_key: 'disk.full', body: 'written before the disk filled', language: 'en' })
      .select('id')
      .single();
    expect(kept.error).toBeNull();

    await server.server.simulateDiskFull(true);
    // A comment fits into a table page until one is full; the page after needs new space.
    let restError: { code?: string; message?: string } | null = null;
    for (let i = 0; i < 40 && !restError; i++) {
      const { error } = await member.from('comments').insert({
        article_key: 'disk.full',
        body: `${i} ${'x'.repeat(1900)}`,
        language: 'en',
      });
      restError = error;
    }
    expect(restError?.code).toBe('53100');

    const upload = await member.storage
      .from('avatars')
      .upload(`${(await member.auth.getUser()).data.user?.id}/full.png`, tinyPng, {
        contentType: 'image/png',
      });
    expect(upload.error?.message).toBe('no space left on the server');
    // The refused upload leaves no file behind (a full disk used to leave orphans, some empty).
    const avatarsDir = join(server.server.config.local.dataDir ?? '', 'storage', 'avatars');
    const storedAvatars = async () => {
      const { rows } = await server.server.db.query<{ n: number }>(
        "select count(*)::int as n from storage.objects where bucket_id = 'avatars'",
      );
      return { files: (await readdir(avatarsDir).catch(() => [])).length, rows: rows[0]?.n };
    };
    const afterRefusal = await storedAvatars();
    expect(afterRefusal.files).toBe(afterRefusal.rows);

    let authError: { message?: string; status?: number | undefined } | null = null;
    for (let i = 0; i < 10 && !authError; i++) {
      const { error } = await server.client().auth.signUp({
        email: `full-${i}@example.com`,
        password: 'a long enough password 1',
        options: { data: { bio: 'y'.repeat(7000) } },
      });
      authError = error;
    }
    expect(authError?.message).toBe('no space left on the server');
    expect(authError?.status).toBe(507);

    await server.server.simulateDiskFull(false);
    const after = await member
      .from('comments')
      .insert({ article_key: 'disk.full', body: 'written after space returned', language: 'en' });
    expect(after.error).toBeNull();
    const again = await member.storage
      .from('avatars')
      .upload(`${(await member.auth.getUser()).data.user?.id}/full.png`, tinyPng, {
        contentType: 'image/png',
        upsert: true,
      });
    expect(again.error).toBeNull();
    const afterRecovery = await storedAvatars();
    expect(afterRecovery).toEqual({ files: afterRefusal.files + 1, rows: afterRefusal.files + 1 });
    const { data } = await member
      .from('comments')
      .select('body')
      .eq('id', kept.data?.id ?? '');
    expect(data).toEqual([{ body: 'written before the disk filled' }]);
  }, 180_000);
});
