// Storage through supabase-js as a member uses it: uploading an avatar (multipart and raw), reading
// it back (authenticated, public URL, signed URL), listing, replacing, removing, and the bucket's
// size and type limits in storage-api's error shape.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  bytesOf,
  demoUsers,
  present,
  signIn,
  storageFields,
  tinyJpeg,
  tinyPng,
  tinyWebp,
} from './support.ts';

const memberFolder = demoUsers.member.id;

describe('storage objects through supabase-js', () => {
  let server: TestServer;
  let member: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer();
    member = await signIn(server, 'member');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('uploads a Blob as multipart and answers with its path, id and full path', async () => {
    const { data, error } = await member.storage
      .from('avatars')
      .upload(`${memberFolder}/blob.png`, new Blob([tinyPng], { type: 'image/png' }));
    expect(error).toBeNull();
    expect(data).toMatchObject({
      path: `${memberFolder}/blob.png`,
      fullPath: `avatars/${memberFolder}/blob.png`,
    });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('downloads the exact bytes and type that were uploaded raw', async () => {
    await member.storage
      .from('avatars')
      .upload(`${memberFolder}/raw.png`, Buffer.from(tinyPng), { contentType: 'image/png' });
    const { data, error } = await member.storage
      .from('avatars')
      .download(`${memberFolder}/raw.png`);
    expect(error).toBeNull();
    expect(data?.type).toBe('image/png');
    expect(await bytesOf(data)).toEqual(tinyPng);
  });

  it('serves public-bucket objects at the public URL without any key', async () => {
    await member.storage
      .from('avatars')
      .upload(`${memberFolder}/public.png`, Buffer.from(tinyPng), { contentType: 'image/png' });
    const { data } = member.storage.from('avatars').getPublicUrl(`${memberFolder}/public.png`);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(tinyPng);
  });

  it('serves a signed URL until its token is tampered with', async () => {
    await member.storage
      .from('avatars')
      .upload(`${memberFolder}/signed.png`, Buffer.from(tinyPng), { contentType: 'image/png' });
    const { data, error } = await member.storage
      .from('avatars')
      .createSignedUrl(`${memberFolder}/signed.png`, 60, { download: 'me.png' });
    expect(error).toBeNull();
    const ok = await fetch(present(data).signedUrl);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-disposition')).toContain('me.png');
    await ok.arrayBuffer();

    const forged = await fetch(present(data).signedUrl.replace(/token=[^&]+/, 'token=abc.def.ghi'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });
  });

  it('signs several paths at once and reports the missing ones', async () => {
    const { data, error } = await member.storage
      .from('avatars')
      .createSignedUrls([`${memberFolder}/signed.png`, `${memberFolder}/missing.png`], 60);
    expect(error).toBeNull();
    expect(data?.[0]?.signedUrl).toContain('/object/sign/avatars/');
    expect(data?.[1]).toMatchObject({ signedUrl: null, error: expect.any(String) as string });
  });

  it('lists a folder level: files with metadata, sub-folders with id null', async () => {
    await member.storage
      .from('avatars')
      .upload(`${memberFolder}/old/one.png`, Buffer.from(tinyPng), { contentType: 'image/png' });
    const { data, error } = await member.storage.from('avatars').list(memberFolder);
    expect(error).toBeNull();
    const folder = data?.find((entry) => entry.name === 'old');
    expect(folder).toMatchObject({ id: null, metadata: null });
    const file = data?.find((entry) => entry.name === 'raw.png');
    expect(file?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file?.metadata).toMatchObject({ size: tinyPng.length, mimetype: 'image/png' });

    const { data: root } = await member.storage.from('avatars').list('', { search: memberFolder });
    expect(root?.map((entry) => entry.name)).toEqual([memberFolder]);

    const { data: page } = await member.storage
      .from('avatars')
      .list(memberFolder, { limit: 2, sortBy: { column: 'name', order: 'desc' } });
    expect(page?.map((entry) => entry.name)).toEqual(['signed.png', 'raw.png']);
  });

  it('refuses a second upload to the same path unless upsert is set, then replaces the bytes', async () => {
    const path = `${memberFolder}/replace.png`;
    await member.storage
      .from('avatars')
      .upload(path, Buffer.from(tinyPng), { contentType: 'image/png' });
    const again = await member.storage
      .from('avatars')
      .upload(path, Buffer.from(tinyPng), { contentType: 'image/png' });
    expect(storageFields(again.error)).toEqual({ statusCode: '409', code: 'KeyAlreadyExists' });

    const replacement = Buffer.concat([Buffer.from(tinyPng), Buffer.from([0])]);
    const upsert = await member.storage
      .from('avatars')
      .upload(path, replacement, { contentType: 'image/png', upsert: true });
    expect(upsert.error).toBeNull();
    const { data } = await member.storage.from('avatars').download(path);
    expect(data?.size).toBe(replacement.length);

    const updated = await member.storage
      .from('avatars')
      .update(path, Buffer.from(tinyWebp), { contentType: 'image/webp' });
    expect(updated.error).toBeNull();
    const info = await member.storage.from('avatars').info(path);
    expect(info.data).toMatchObject({ size: tinyWebp.length, contentType: 'image/webp' });
  });

  it('tells existing files from missing ones (info and exists)', async () => {
    const info = await member.storage.from('avatars').info(`${memberFolder}/raw.png`);
    expect(info.data).toMatchObject({
      name: `${memberFolder}/raw.png`,
      bucketId: 'avatars',
      size: tinyPng.length,
      contentType: 'image/png',
    });
    expect((await member.storage.from('avatars').exists(`${memberFolder}/raw.png`)).data).toBe(
      true,
    );
    const missing = await member.storage.from('avatars').exists(`${memberFolder}/nope.png`);
    expect(missing.data).toBe(false);
    expect(storageFields(missing.error)).toEqual({ statusCode: '404', code: 'NoSuchKey' });
  });

  it('removes objects: the response lists them and the public URL stops serving', async () => {
    const path = `${memberFolder}/gone.png`;
    await member.storage
      .from('avatars')
      .upload(path, Buffer.from(tinyPng), { contentType: 'image/png' });
    const { data, error } = await member.storage.from('avatars').remove([path]);
    expect(error).toBeNull();
    expect(data?.map((row) => row.name)).toEqual([path]);
    const response = await fetch(member.storage.from('avatars').getPublicUrl(path).data.publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
  });

  it('moves an object to a new name: the bytes follow it and the old path is gone', async () => {
    const avatars = member.storage.from('avatars');
    const from = `${memberFolder}/move-from.png`;
    const to = `${memberFolder}/moved/to.png`;
    await avatars.upload(from, Buffer.from(tinyPng), { contentType: 'image/png' });
    const { error } = await avatars.move(from, to);
    expect(error).toBeNull();
    expect(await bytesOf((await avatars.download(to)).data)).toEqual(tinyPng);
    expect((await avatars.exists(from)).data).toBe(false);
  });

  it('copies an object and keeps the original; a missing source is NoSuchKey', async () => {
    const avatars = member.storage.from('avatars');
    const from = `${memberFolder}/copy-from.png`;
    const to = `${memberFolder}/copy-to.png`;
    await avatars.upload(from, Buffer.from(tinyPng), { contentType: 'image/png' });
    const { data, error } = await avatars.copy(from, to);
    expect(error).toBeNull();
    // storage-api answers a copy with the bucket-qualified Key, as for uploads; the client passes it on.
    expect(data?.path).toBe(`avatars/${to}`);
    expect(await bytesOf((await avatars.download(to)).data)).toEqual(tinyPng);
    expect(await bytesOf((await avatars.download(from)).data)).toEqual(tinyPng);

    const missing = await avatars.copy(`${memberFolder}/nope.png`, `${memberFolder}/never.png`);
    expect(storageFields(missing.error)).toEqual({ statusCode: '404', code: 'NoSuchKey' });
    expect((await avatars.exists(`${memberFolder}/never.png`)).data).toBe(false);
  });

  it('refuses an avatar over 2 MB with 413 and a GIF with 415, in the storage error shape', async () => {
    const big = await member.storage
      .from('avatars')
      .upload(`${memberFolder}/big.png`, Buffer.alloc(2 * 1024 * 1024 + 1), {
        contentType: 'image/png',
      });
    expect(big.error?.message).toBe('The object exceeded the maximum allowed size');
    expect(storageFields(big.error)).toEqual({ statusCode: '413', code: 'EntityTooLarge' });

    const gif = await member.storage
      .from('avatars')
      .upload(`${memberFolder}/anim.gif`, new Blob([tinyPng], { type: 'image/gif' }));
    expect(gif.error?.message).toBe('mime type image/gif is not supported');
    expect(storageFields(gif.error)).toEqual({ statusCode: '415', code: 'InvalidMimeType' });
    expect((await member.storage.from('avatars').exists(`${memberFolder}/anim.gif`)).data).toBe(
      false,
    );
  });

  it('matches wildcard MIME types of a bucket the service role creates', async () => {
    const admin = server.admin();
    const created = await admin.storage.createBucket('attachments', {
      public: false,
      allowedMimeTypes: ['image/*', 'text/plain'],
      fileSizeLimit: '1KB',
    });
    expect(created.error).toBeNull();
    const bucket = admin.storage.from('attachments');
    expect(
      (await bucket.upload('a.jpg', Buffer.from(tinyJpeg), { contentType: 'image/jpeg' })).error,
    ).toBeNull();
    expect(
      (await bucket.upload('a.txt', Buffer.from('x'), { contentType: 'text/plain;charset=UTF-8' }))
        .error,
    ).toBeNull();
    const pdf = await bucket.upload('a.pdf', Buffer.from('x'), { contentType: 'application/pdf' });
    expect(storageFields(pdf.error).statusCode).toBe('415');
    const large = await bucket.upload('b.jpg', Buffer.alloc(1025), { contentType: 'image/jpeg' });
    expect(storageFields(large.error).statusCode).toBe('413');
  });

  it('reports an unknown bucket and an invalid key', async () => {
    const noBucket = await member.storage.from('nope').upload('x.png', Buffer.from(tinyPng));
    expect(storageFields(noBucket.error)).toEqual({ statusCode: '404', code: 'NoSuchBucket' });
    const badKey = await member.storage
      .from('avatars')
      .upload(`${memberFolder}/ünï.png`, Buffer.from(tinyPng));
    expect(storageFields(badKey.error)).toEqual({ statusCode: '400', code: 'InvalidKey' });
  });
  it('keeps objects on disk across a restart of the server', async () => {
    const path = `${memberFolder}/kept.png`;
    await member.storage
      .from('avatars')
      .upload(path, Buffer.from(tinyPng), { contentType: 'image/png' });
    server = await server.restart();
    const { data, error } = await server.client().storage.from('avatars').download(path);
    expect(error).toBeNull();
    expect(await bytesOf(data)).toEqual(tinyPng);
  });
});
