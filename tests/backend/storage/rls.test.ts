// storage.objects' policies decide every storage call, because the rows are read and written as the
// caller: members write only their own avatar folder, anyone reads avatars, anon writes nothing.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { bytesOf, demoUsers, present, signIn, storageFields, tinyPng } from './support.ts';

const png = { contentType: 'image/png' } as const;

describe('storage policies through supabase-js', () => {
  let server: TestServer;
  let member: SupabaseClient;
  let otherMember: SupabaseClient;
  let anon: SupabaseClient;
  const otherAvatar = `${demoUsers.otherMember.id}/avatar.png`;

  beforeAll(async () => {
    server = await startTestServer();
    [member, otherMember] = await Promise.all([
      signIn(server, 'member'),
      signIn(server, 'otherMember'),
    ]);
    anon = server.client();
    const { error } = await otherMember.storage
      .from('avatars')
      .upload(otherAvatar, Buffer.from(tinyPng), png);
    expect(error).toBeNull();
  });
  afterAll(async () => {
    await server.stop();
  });

  it("refuses a member's upload into another member's folder with 403 and Supabase's message", async () => {
    const { data, error } = await member.storage
      .from('avatars')
      .upload(`${demoUsers.otherMember.id}/intruder.png`, Buffer.from(tinyPng), png);
    expect(data).toBeNull();
    expect(error?.message).toBe('new row violates row-level security policy');
    expect(storageFields(error)).toEqual({ statusCode: '403', code: 'AccessDenied' });
    const { data: listed } = await otherMember.storage
      .from('avatars')
      .list(demoUsers.otherMember.id);
    expect(listed?.map((entry) => entry.name)).toEqual(['avatar.png']);
  });

  it("does not let a member overwrite another member's avatar with upsert", async () => {
    const { error } = await member.storage
      .from('avatars')
      .upload(otherAvatar, Buffer.concat([tinyPng, Buffer.from([1, 2, 3])]), {
        ...png,
        upsert: true,
      });
    expect(storageFields(error).statusCode).toBe('403');
    const { data } = await anon.storage.from('avatars').download(otherAvatar);
    expect(await bytesOf(data)).toEqual(tinyPng);
  });

  it('refuses uploads without a signed-in user', async () => {
    const { error } = await anon.storage
      .from('avatars')
      .upload(`${demoUsers.member.id}/anon.png`, Buffer.from(tinyPng), png);
    expect(error?.message).toBe('new row violates row-level security policy');
    expect(storageFields(error).statusCode).toBe('403');
  });

  it("removes nothing of another member's: the response is an empty list and the file stays", async () => {
    const { data, error } = await member.storage.from('avatars').remove([otherAvatar]);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect((await anon.storage.from('avatars').exists(otherAvatar)).data).toBe(true);
  });

  it('lets a member replace and remove their own avatar, recording them as owner', async () => {
    const path = `${demoUsers.member.id}/avatar.png`;
    expect(
      (await member.storage.from('avatars').upload(path, Buffer.from(tinyPng), png)).error,
    ).toBeNull();
    const { rows } = await server.server.db.query<{ owner_id: string }>(
      `select owner_id from storage.objects where bucket_id = 'avatars' and name = $1`,
      [path],
    );
    expect(rows[0]?.owner_id).toBe(demoUsers.member.id);
    expect(
      (await member.storage.from('avatars').update(path, Buffer.from(tinyPng), png)).error,
    ).toBeNull();
    const { data } = await member.storage.from('avatars').remove([path]);
    expect(data).toHaveLength(1);
  });

  it('lets anyone read avatars, signed in or not', async () => {
    const { data, error } = await anon.storage.from('avatars').download(otherAvatar);
    expect(error).toBeNull();
    expect(data?.size).toBe(tinyPng.length);
    const listed = await anon.storage.from('avatars').list(demoUsers.otherMember.id);
    expect(listed.data?.map((entry) => entry.name)).toEqual(['avatar.png']);
  });

  it('hides objects of a private bucket from members, and from its public URL', async () => {
    const admin = server.admin();
    await admin.storage.createBucket('private-notes', { public: false });
    await admin.storage.from('private-notes').upload('note.txt', Buffer.from('secret'), {
      contentType: 'text/plain',
    });
    const download = await member.storage.from('private-notes').download('note.txt');
    expect(storageFields(download.error)).toEqual({ statusCode: '404', code: 'NoSuchKey' });
    const publicUrl = admin.storage.from('private-notes').getPublicUrl('note.txt').data.publicUrl;
    const response = await fetch(publicUrl);
    expect(await response.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
    const signed = await member.storage.from('private-notes').createSignedUrl('note.txt', 60);
    expect(storageFields(signed.error).code).toBe('NoSuchKey');
    const adminSigned = await admin.storage.from('private-notes').createSignedUrl('note.txt', 60);
    expect(await (await fetch(present(adminSigned.data).signedUrl)).text()).toBe('secret');
  });

  it('shows buckets only to the service role (storage.buckets has no policies)', async () => {
    const asAdmin = await server.admin().storage.listBuckets();
    expect(asAdmin.data?.map((bucket) => bucket.id)).toContain('avatars');
    expect(asAdmin.data?.find((bucket) => bucket.id === 'avatars')).toMatchObject({
      public: true,
      file_size_limit: 2097152,
      allowed_mime_types: ['image/png', 'image/jpeg', 'image/webp'],
    });
    expect((await member.storage.listBuckets()).data).toEqual([]);
    const created = await member.storage.createBucket('mine');
    expect(storageFields(created.error).statusCode).toBe('403');
  });

  it('answers a bad or expired token with InvalidJWT', async () => {
    const response = await fetch(`${server.url}/storage/v1/object/avatars/${otherAvatar}`, {
      headers: { apikey: server.anonKey, Authorization: 'Bearer not-a-jwt' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });
  });

  it('hands out signed upload URLs only for paths the caller may write', async () => {
    const mine = await member.storage
      .from('avatars')
      .createSignedUploadUrl(`${demoUsers.member.id}/later.png`);
    expect(mine.error).toBeNull();
    const uploaded = await anon.storage
      .from('avatars')
      .uploadToSignedUrl(
        present(mine.data).path,
        present(mine.data).token,
        new Blob([tinyPng], { type: 'image/png' }),
      );
    expect(uploaded.error).toBeNull();
    expect(uploaded.data?.fullPath).toBe(`avatars/${demoUsers.member.id}/later.png`);

    const theirs = await member.storage.from('avatars').createSignedUploadUrl(otherAvatar);
    expect(storageFields(theirs.error).statusCode).toBe('403');
  });
});
