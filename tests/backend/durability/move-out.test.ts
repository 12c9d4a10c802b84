// Moving out: a backend with members, comments, reactions, bookmarks and avatars is dumped with the
// `db:dump` command, loaded into a fresh backend that has only the migrations, and its stored files
// copied there through the Storage API with the `db:copy-files` command (`--to <url> --service-key`).
// Members then sign in with their old passwords and find everything as it was.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDump } from '../../../local-supabase/move-out/load.ts';
import { projectRoot } from '../../../local-supabase/paths.ts';
import { start, type LocalSupabase } from '../../../local-supabase/server.ts';
import {
  MOVING_ARTICLE,
  movingMembers as members,
  populateMovingOut,
  signInAt as signIn,
} from '../helpers/moving-out.ts';
import { startTestServer } from '../helpers/server.ts';
import { bytesOf, tinyPng } from '../storage/support.ts';

const execFileAsync = promisify(execFile);

/** `npm run db:dump` / `npm run db:copy-files` with `args`: its exit code, stdout and stderr. */
async function moveOut(...args: string[]) {
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      ['local-supabase/move-out/cli.ts', ...args],
      { cwd: projectRoot, timeout: 300_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** What a member sees of their own data, and what everyone sees of the articles. */
async function snapshot(client: SupabaseClient) {
  const user = (await client.auth.getUser()).data.user;
  const profile = await client
    .from('profiles')
    .select('display_name, avatar_path')
    .eq('id', user?.id ?? '')
    .single();
  const comments = await client
    .from('comments')
    .select('id, article_key, body, parent_id, author_id, created_at')
    .eq('article_key', MOVING_ARTICLE)
    .order('created_at');
  const reactions = await client
    .from('reactions')
    .select('article_key, user_id, kind')
    .eq('article_key', MOVING_ARTICLE)
    .order('user_id')
    .order('kind');
  const bookmarks = await client.from('bookmarks').select('article_key');
  const avatarPath: unknown = profile.data?.avatar_path;
  const avatar =
    typeof avatarPath === 'string'
      ? await bytesOf((await client.storage.from('avatars').download(avatarPath)).data)
      : null;
  return {
    profile: profile.data,
    comments: comments.data,
    reactions: reactions.data,
    bookmarks: bookmarks.data,
    avatar,
  };
}

describe('moving the data to another Supabase project', () => {
  const before = new Map<string, Awaited<ReturnType<typeof snapshot>>>();
  let sourceDir: string;
  let targetDir: string;
  let target: LocalSupabase;
  let sql: string;
  let dumped: Awaited<ReturnType<typeof moveOut>>;
  let refused: Awaited<ReturnType<typeof moveOut>>;
  let copied: Awaited<ReturnType<typeof moveOut>>;

  beforeAll(async () => {
    const source = await startTestServer();
    await populateMovingOut(source);
    for (const email of members) {
      before.set(email, await snapshot(await signIn(source.url, source.anonKey, email)));
    }
    sourceDir = source.server.config.local.dataDir ?? '';
    await source.stop({ keepData: true });

    targetDir = await mkdtemp(join(tmpdir(), 'move-out-target-'));
    const dumpFile = join(targetDir, 'dump.sql');
    dumped = await moveOut('dump', '--data-dir', sourceDir, '--out', dumpFile);
    sql = await readFile(dumpFile, 'utf8');
    // A fresh project: migrations only, no seed.
    target = await start({
      dataDir: join(targetDir, 'data'),
      port: 0,
      mailboxPort: 0,
      seed: false,
      fsync: false,
    });
    await loadDump(target.db, sql);
    const to = ['copy-files', '--data-dir', sourceDir, '--to', target.url, '--service-key'];
    refused = await moveOut(...to, target.keys.anonKey);
    copied = await moveOut(...to, target.keys.serviceRoleKey);
  }, 600_000);

  afterAll(async () => {
    await target.stop();
    await rm(targetDir, { recursive: true, force: true });
    await rm(sourceDir, { recursive: true, force: true });
  });

  it('dumps password hashes and data, never sessions or the migration history', () => {
    expect(dumped.stderr).toBe('');
    expect(dumped.code).toBe(0);
    expect(dumped.stdout).toMatch(/^Wrote \d+ rows to .*dump\.sql in [\d.]+ s\.$/m);
    expect(sql).toContain('INSERT INTO auth.users');
    expect(sql).toContain('encrypted_password');
    expect(sql).not.toContain('auth.refresh_tokens');
    expect(sql).not.toContain('supabase_migrations');
    expect(sql).not.toMatch(/^COPY /m);
  });

  it('copies the stored files through the Storage API with the service key', () => {
    expect(copied.stderr).toBe('');
    expect(copied.code).toBe(0);
    expect(copied.stdout.trim()).toBe(`Copied ${members.length} stored files to ${target.url}.`);
  });

  it('names each file the target refused, and exits with an error, when the key is not the service key', () => {
    expect(refused.code).toBe(1);
    expect(refused.stdout.trim()).toBe(`Copied 0 stored files to ${target.url}.`);
    const lines = refused.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(members.length);
    for (const line of lines) {
      expect(line).toMatch(/^ {2}not copied: avatars\/[\w-]+\/avatar\.png: 4\d\d /);
    }
  });

  it('says what copy-files needs when the target is missing', async () => {
    const missing = await moveOut('copy-files', '--data-dir', sourceDir);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(
      'db:copy-files needs --to <project URL> and --service-key <key>',
    );
  });

  it('lets every member sign in with the old password and find the same data and avatar', async () => {
    for (const email of members) {
      const after = await snapshot(await signIn(target.url, target.keys.anonKey, email));
      expect(after).toEqual(before.get(email));
      expect(after.avatar).toEqual(tinyPng);
      expect(after.comments).toHaveLength(members.length * 2);
      expect(after.reactions).toHaveLength(members.length);
    }
  });
});
