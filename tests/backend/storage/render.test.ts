// Image transformations through supabase-js's `transform` options: public URLs, authenticated
// downloads and signed URLs lead to `/render/image/...`, which resizes and re-encodes with the same
// permission checks as the plain download, reports what it applied, and answers limits and
// non-images with storage errors (never a 5xx).
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { demoUsers, present, signIn, storageFields } from './support.ts';

const memberFolder = demoUsers.member.id;
const WEBP_ACCEPT = 'image/avif,image/webp,image/apng,*/*;q=0.8';

/** A 2000×1500 JPEG photo-like gradient (a camera picture's shape), made with sharp. */
async function photo(width = 2000, height = 1500): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = ((x + y) * 7) % 256;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function imageOf(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer());
  const { width, height, format } = await sharp(bytes).metadata();
  return { bytes, width, height, format };
}

describe('image transformations (render/image)', () => {
  let server: TestServer;
  let member: SupabaseClient;
  let source: Buffer;
  const avatarPath = `${memberFolder}/photo.jpg`;

  beforeAll(async () => {
    server = await startTestServer();
    member = await signIn(server, 'member');
    source = await photo();
    const { error } = await member.storage
      .from('avatars')
      .upload(avatarPath, source, { contentType: 'image/jpeg', cacheControl: '600' });
    if (error) throw error;
    // A private bucket with no policies: only the service role may read it.
    const admin = server.admin();
    await admin.storage.createBucket('private-images', { public: false });
    await admin.storage
      .from('private-images')
      .upload('secret.jpg', source, { contentType: 'image/jpeg' });
    await admin.storage
      .from('private-images')
      .upload('notes.jpg', Buffer.from('not an image at all'), { contentType: 'image/jpeg' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('serves a public avatar as a small WebP at the size asked for, and says what it applied', async () => {
    const { data } = member.storage
      .from('avatars')
      .getPublicUrl(avatarPath, { transform: { width: 64, height: 64, quality: 60 } });
    expect(data.publicUrl).toContain('/storage/v1/render/image/public/avatars/');
    const response = await fetch(data.publicUrl, { headers: { accept: WEBP_ACCEPT } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('x-transformations')).toBe(
      'height:64,width:64,resizing_type:fill,quality:60',
    );
    expect(response.headers.get('cache-control')).toBe('max-age=600');
    const image = await imageOf(response);
    expect(image).toMatchObject({ width: 64, height: 64, format: 'webp' });
    expect(image.bytes.byteLength).toBeLessThan(source.byteLength / 20);
  });

  it('answers 304 to a revalidation with the rendition ETag, which differs from the original', async () => {
    const { data } = member.storage
      .from('avatars')
      .getPublicUrl(avatarPath, { transform: { width: 32 } });
    const first = await fetch(data.publicUrl, { headers: { accept: WEBP_ACCEPT } });
    const eTag = present(first.headers.get('etag'), 'ETag');
    const original = await fetch(
      member.storage.from('avatars').getPublicUrl(avatarPath).data.publicUrl,
    );
    expect(original.headers.get('etag')).not.toBe(eTag);
    const again = await fetch(data.publicUrl, {
      headers: { accept: WEBP_ACCEPT, 'if-none-match': eTag },
    });
    expect(again.status).toBe(304);
  });

  it('keeps the source format with format=origin or when the client does not accept WebP', async () => {
    const origin = member.storage
      .from('avatars')
      .getPublicUrl(avatarPath, { transform: { width: 100, format: 'origin' } }).data.publicUrl;
    const kept = await imageOf(await fetch(origin, { headers: { accept: WEBP_ACCEPT } }));
    expect(kept).toMatchObject({ format: 'jpeg', width: 100, height: 75 });
    const plain = member.storage
      .from('avatars')
      .getPublicUrl(avatarPath, { transform: { width: 100 } }).data.publicUrl;
    const response = await fetch(plain, { headers: { accept: 'image/jpeg,*/*' } });
    expect(response.headers.get('content-type')).toBe('image/jpeg');
  });

  it('resizes as cover (crop), contain (fit inside) and fill (stretch)', async () => {
    const sized = async (resize: 'cover' | 'contain' | 'fill') => {
      const url = member.storage
        .from('avatars')
        .getPublicUrl(avatarPath, { transform: { width: 120, height: 120, resize } })
        .data.publicUrl;
      const response = await fetch(url, { headers: { accept: WEBP_ACCEPT } });
      return { ...(await imageOf(response)), applied: response.headers.get('x-transformations') };
    };
    expect(await sized('cover')).toMatchObject({ width: 120, height: 120 });
    expect(await sized('contain')).toMatchObject({
      width: 120,
      height: 90,
      applied: 'height:120,width:120,resizing_type:fit',
    });
    expect(await sized('fill')).toMatchObject({
      width: 120,
      height: 120,
      applied: 'height:120,width:120,resizing_type:force',
    });
  });

  it('downloads a transformed private image for a caller the policies let read it, and only then', async () => {
    const admin = server.admin();
    const { data, error } = await admin.storage
      .from('private-images')
      .download('secret.jpg', { transform: { width: 50, format: 'origin' } });
    expect(error).toBeNull();
    const bytes = Buffer.from(await present(data, 'download').arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 50, format: 'jpeg' });

    const denied = await member.storage
      .from('private-images')
      .download('secret.jpg', { transform: { width: 50 } });
    expect(denied.data).toBeNull();
    expect(storageFields(denied.error)).toMatchObject({ statusCode: '404' });

    const anonymous = await fetch(
      `${server.url}/storage/v1/render/image/public/private-images/secret.jpg?width=50`,
    );
    expect(anonymous.status).toBe(400);
    expect(await anonymous.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });

  it('signs a URL whose transformations are fixed in its token', async () => {
    const admin = server.admin();
    const { data, error } = await admin.storage
      .from('private-images')
      .createSignedUrl('secret.jpg', 60, { transform: { width: 80, height: 80 } });
    expect(error).toBeNull();
    const url = present(data, 'signed URL').signedUrl;
    expect(url).toContain('/storage/v1/render/image/sign/private-images/secret.jpg?token=');
    const response = await fetch(url, { headers: { accept: WEBP_ACCEPT } });
    expect(response.headers.get('x-transformations')).toBe('height:80,width:80,resizing_type:fill');
    expect(await imageOf(response)).toMatchObject({ width: 80, height: 80 });
    // Asking for another size in the query changes nothing: the token decides.
    const bigger = await imageOf(
      await fetch(`${url}&width=400`, { headers: { accept: WEBP_ACCEPT } }),
    );
    expect(bigger).toMatchObject({ width: 80, height: 80 });
    // The token is bound to its object.
    const elsewhere = await fetch(url.replace('secret.jpg', 'notes.jpg'));
    expect(await elsewhere.json()).toMatchObject({ code: 'InvalidSignature' });
  });

  it('refuses sizes and qualities outside the documented limits in the storage error shape', async () => {
    for (const [query, message] of [
      ['width=2501', 'querystring/width must be <= 2500'],
      ['height=0', 'querystring/height must be >= 1'],
      ['quality=10', 'querystring/quality must be >= 20'],
      ['width=abc', 'querystring/width must be integer'],
      ['resize=stretch', 'querystring/resize must be equal to one of the allowed values'],
    ] as const) {
      const response = await fetch(
        `${server.url}/storage/v1/render/image/public/avatars/${avatarPath}?${query}`,
      );
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({
        statusCode: '400',
        code: 'InvalidRequest',
        message,
      });
    }
  });

  it('answers a file that is not an image with an error, not a server error', async () => {
    const { data, error } = await server
      .admin()
      .storage.from('private-images')
      .download('notes.jpg', { transform: { width: 40 } });
    expect(data).toBeNull();
    expect(storageFields(error)).toMatchObject({ statusCode: '422', code: 'InvalidRequest' });
    expect(error?.message).toBe('Source image type not supported');
  });

  it('refuses a source over 50 megapixels before decoding it', async () => {
    const huge = await sharp({
      create: { width: 8000, height: 6400, channels: 3, background: '#777' },
    })
      .png()
      .toBuffer();
    const admin = server.admin();
    await admin.storage
      .from('private-images')
      .upload('huge.png', huge, { contentType: 'image/png' });
    const { error } = await admin.storage
      .from('private-images')
      .download('huge.png', { transform: { width: 100 } });
    expect(storageFields(error)).toMatchObject({ statusCode: '422' });
    expect(error?.message).toBe('Source image resolution is too big');
  });

  it('refuses a source over 25 MB', async () => {
    const admin = server.admin();
    const big = Buffer.alloc(25 * 1000 * 1000 + 1, 1);
    await admin.storage
      .from('private-images')
      .upload('big.jpg', big, { contentType: 'image/jpeg' });
    const { error } = await admin.storage
      .from('private-images')
      .download('big.jpg', { transform: { width: 100 } });
    expect(storageFields(error)).toMatchObject({ statusCode: '422' });
    expect(error?.message).toBe('Source image file is too big');
  });
});

describe('image transformations switched off in config.toml', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      settings: { storage: { image_transformation: { enabled: false } } },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers FeatureNotEnabled as hosted Supabase does, while plain downloads still work', async () => {
    const client = server.client();
    const url = client.storage.from('avatars').getPublicUrl('any/photo.jpg', {
      transform: { width: 64 },
    }).data.publicUrl;
    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      statusCode: '403',
      error: 'FeatureNotEnabled',
      code: 'FeatureNotEnabled',
      message: 'feature not enabled for this tenant',
    });
    const plain = await fetch(
      client.storage.from('avatars').getPublicUrl('any/photo.jpg').data.publicUrl,
    );
    expect(await plain.json()).toMatchObject({ code: 'NoSuchKey' });
  });
});
