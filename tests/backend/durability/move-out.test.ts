// Moving out: a backend with members, comments, reactions, bookmarks and avatars is dumped
// (`db:dump`), loaded into a fresh backend that has only the migrations, and its stored files copied
// there through the Storage API (`db:copy-files`). Members then sign in with their old passwords and
// find everything as it was.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyStoredFiles } from '../../../local-supabase/move-out/copy-files.ts';
import { dumpDataDir } from '../../../local-supabase/move-out/dump.ts';
import { loadDump } from '../../../local-supabase/move-out/load.ts';
import { start, type LocalSupabase } from '../../../local-supabase/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { bytesOf, tinyPng } from '../storage/support.ts';

const PASSWORD = 'moving-out-password-1';
const members = ['ada@moving.test', 'grace@moving.test'];

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
    .eq('article_key', 'moving.out')
    .order('created_at');
  const reactions = await client
    .from('reactions')
    .select('article_key, user_id, kind')
    .eq('article_key', 'moving.out')
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

async function signIn(url: string, anonKey: string, email: string): Promise<SupabaseClient> {
  const client = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw new Error(`${email} could not sign in: ${error.message}`);
  return client;
}

describe('moving the data to another Supabase project', () => {
  const before = new Map<string, Awaited<ReturnType<typeof snapshot>>>();
  let targetDir: string;
  let target: LocalSupabase;
  let sql: string;

  beforeAll(async () => {
    const source = await startTestServer();
    const admin = source.admin();
    for (const [i, email] of members.entries()) {
      const created = await admin.auth.admin.createUser({
        email,
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { display_name: `Member ${i}` },
      });
      if (created.error) throw created.error;
      const client = await signIn(source.url, source.anonKey, email);
      const id = created.data.user.id;
      const path = `${id}/avatar.png`;
      const upload = await client.storage
        .from('avatars')
        .upload(path, tinyPng, { contentType: 'image/png' });
      if (upload.error) throw upload.error;
      await client.from('profiles').update({ avatar_path: path }).eq('id', id).throwOnError();
      const comment = await client
        .from('comments')
        .insert({ article_key: 'moving.out', body: `Hello from ${email}`, language: 'en' })
        .select('id')
        .single()
        .throwOnError();
      await client
        .from('comments')
        .insert({
          article_key: 'moving.out',
          body: `A reply by ${email}`,
          language: 'en',
          parent_id: comment.data.id,
        })
        .throwOnError();
      await client
        .from('reactions')
        .insert({ article_key: 'moving.out', kind: 'like' })
        .throwOnError();
      await client.from('bookmarks').insert({ article_key: 'moving.out' }).throwOnError();
    }
    for (const email of members) {
      before.set(email, await snapshot(await signIn(source.url, source.anonKey, email)));
    }
    const sourceDir = source.server.config.local.dataDir ?? '';
    await source.stop({ keepData: true });

    sql = await dumpDataDir(join(sourceDir, 'pgdata'));
    // A fresh project: migrations only, no seed.
    targetDir = await mkdtemp(join(tmpdir(), 'move-out-target-'));
    target = await start({
      dataDir: targetDir,
      port: 0,
      mailboxPort: 0,
      seed: false,
      fsync: false,
    });
    await loadDump(target.db, sql);
    const copied = await copyStoredFiles(sourceDir, {
      url: target.url,
      serviceKey: target.keys.serviceRoleKey,
    });
    expect(copied).toEqual({ copied: members.length, failed: [] });
    await rm(sourceDir, { recursive: true, force: true });
  }, 600_000);

  afterAll(async () => {
    await target.stop();
    await rm(targetDir, { recursive: true, force: true });
  });

  it('dumps password hashes and data, never sessions or the migration history', () => {
    expect(sql).toContain('INSERT INTO auth.users');
    expect(sql).toContain('encrypted_password');
    expect(sql).not.toContain('auth.refresh_tokens');
    expect(sql).not.toContain('supabase_migrations');
    expect(sql).not.toMatch(/^COPY /m);
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
