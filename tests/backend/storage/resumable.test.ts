// Resumable uploads (TUS) with tus-js-client, the client Supabase documents for
// `/storage/v1/upload/resumable`: limits and permissions are checked when the upload is created
// (before any byte is stored), the object appears only with the last byte, and an upload cut off
// halfway resumes from the offset the server reports, also after the backend restarts.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { demoUsers, present, signIn } from './support.ts';

const MB = 1000 * 1000;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Attempt {
  /** Resolves with the upload URL on success; rejects with tus-js-client's error. */
  done: Promise<string>;
  /** Resolves with the upload URL once the server created the upload. */
  created: Promise<string>;
  upload: tus.Upload;
  /** The methods of the requests tus-js-client sent. */
  methods: string[];
}

/** Starts a tus-js-client upload as `token` (a user's access token or a key). */
function startUpload(
  url: string,
  apikey: string,
  token: string,
  bytes: Buffer,
  metadata: Record<string, string>,
  options: Partial<tus.UploadOptions> = {},
): Attempt {
  const methods: string[] = [];
  let upload!: tus.Upload;
  let announceUrl!: (url: string) => void;
  const created = new Promise<string>((resolve) => {
    announceUrl = resolve;
  });
  const done = new Promise<string>((resolve, reject) => {
    upload = new tus.Upload(bytes, {
      endpoint: `${url}/storage/v1/upload/resumable`,
      headers: { authorization: `Bearer ${token}`, apikey },
      metadata,
      chunkSize: 6 * 1024 * 1024,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onBeforeRequest: (request) => {
        methods.push(request.getMethod());
      },
      onUploadUrlAvailable: () => {
        announceUrl(upload.url ?? '');
      },
      onSuccess: () => {
        resolve(upload.url ?? '');
      },
      onError: reject,
      ...options,
    });
    upload.start();
  });
  // An aborted upload never settles; a failed one is read by the tests that expect it.
  done.catch(() => undefined);
  return { done, created, upload, methods };
}

/** The offset the server reports for an upload (a TUS HEAD). */
async function offsetOf(uploadUrl: string, token: string, apikey: string): Promise<number> {
  const response = await fetch(uploadUrl, {
    method: 'HEAD',
    headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}`, apikey },
  });
  return Number(response.headers.get('upload-offset'));
}

/** A PATCH whose connection drops after `sent` of the `declared` bytes, as a lost network does. */
async function patchAndDrop(
  uploadUrl: string,
  token: string,
  apikey: string,
  offset: number,
  body: Buffer,
  declared: number,
): Promise<void> {
  await new Promise<void>((resolve) => {
    const request = httpRequest(uploadUrl, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(declared),
        authorization: `Bearer ${token}`,
        apikey,
      },
    });
    request.on('error', () => {
      resolve();
    });
    request.write(body, () => {
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 200);
    });
  });
}

/** What an upload that must be refused ended with (null if it succeeded). */
function refusal(upload: { done: Promise<unknown> }): Promise<unknown> {
  return upload.done.then(
    () => null,
    (error: unknown) => error,
  );
}

function statusOf(error: unknown): number | undefined {
  return error instanceof tus.DetailedError ? error.originalResponse?.getStatus() : undefined;
}

function bodyOf(error: unknown): unknown {
  const text = error instanceof tus.DetailedError ? error.originalResponse?.getBody() : undefined;
  return text ? JSON.parse(text) : undefined;
}

describe('resumable uploads (TUS) through tus-js-client', () => {
  let server: TestServer;
  let member: SupabaseClient;
  let memberToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    member = await signIn(server, 'member');
    const { data } = await member.auth.getSession();
    memberToken = present(data.session, 'session').access_token;
    const { error } = await server
      .admin()
      .storage.createBucket('large', { public: false, fileSizeLimit: '40MB' });
    if (error) throw error;
  });
  afterAll(async () => {
    await server.stop();
  });

  it('uploads a member avatar in chunks; the object appears only with the last byte', async () => {
    const path = `${demoUsers.member.id}/resumable.png`;
    // A real PNG of noise (about 270 KB): buckets with type limits check the bytes' magic numbers.
    const bytes = await sharp(randomBytes(300 * 300 * 3), {
      raw: { width: 300, height: 300, channels: 3 },
    })
      .png()
      .toBuffer();
    let existedMidway: boolean | undefined;
    const attempt = startUpload(
      server.url,
      server.anonKey,
      memberToken,
      bytes,
      {
        bucketName: 'avatars',
        objectName: path,
        contentType: 'image/png',
        cacheControl: '3600',
      },
      {
        chunkSize: 100 * 1024,
        onChunkComplete: (_size, accepted) => {
          if (accepted === 100 * 1024) {
            attempt.upload.abort().then(
              async () => {
                const { data } = await member.storage.from('avatars').exists(path);
                existedMidway = data;
                attempt.upload.start();
              },
              () => undefined,
            );
          }
        },
      },
    );
    await attempt.done;
    expect(existedMidway).toBe(false);
    expect(attempt.methods.filter((method) => method === 'PATCH').length).toBeGreaterThanOrEqual(3);
    const { data } = await member.storage.from('avatars').download(path);
    expect(sha256(new Uint8Array(await present(data, 'download').arrayBuffer()))).toBe(
      sha256(bytes),
    );
    const { data: info } = await member.storage.from('avatars').info(path);
    expect(info).toMatchObject({
      size: bytes.length,
      contentType: 'image/png',
      cacheControl: 'max-age=3600',
    });
  });

  it('resumes a 30 MB upload cut off halfway, also after the backend restarts, and stores the same bytes', async () => {
    const source = randomBytes(30 * MB);
    const key = server.serviceKey;
    const metadata = { bucketName: 'large', objectName: 'film.bin', contentType: 'video/mp4' };
    // tus-js-client sends two 6 MiB chunks, then the page "closes".
    const first = startUpload(server.url, key, key, source, metadata, {
      onChunkComplete: (_size, accepted) => {
        if (accepted >= 12 * 1024 * 1024) void first.upload.abort();
      },
    });
    const uploadUrl = await first.created;
    await expect
      .poll(async () => offsetOf(uploadUrl, key, key), { timeout: 30_000 })
      .toBe(12 * 1024 * 1024);

    // Then a chunk whose connection drops after 3 MB: the bytes that arrived are kept.
    const before = await offsetOf(uploadUrl, key, key);
    await patchAndDrop(
      uploadUrl,
      key,
      key,
      before,
      source.subarray(before, before + 3 * MB),
      6 * MB,
    );
    await expect.poll(async () => offsetOf(uploadUrl, key, key)).toBeGreaterThan(before);
    expect((await server.admin().storage.from('large').exists('film.bin')).data).toBe(false);

    const offsetBeforeRestart = await offsetOf(uploadUrl, key, key);
    const oldOrigin = new URL(server.url).origin;
    server = await server.restart();
    const movedUrl = uploadUrl.replace(oldOrigin, new URL(server.url).origin);
    expect(await offsetOf(movedUrl, key, key)).toBe(offsetBeforeRestart);

    const second = startUpload(server.url, key, key, source, metadata, { uploadUrl: movedUrl });
    await second.done;
    // The resumed upload did not create a new one: it only sent PATCHes from the server's offset.
    expect(second.methods).not.toContain('POST');
    const { data } = await server.admin().storage.from('large').download('film.bin');
    const stored = new Uint8Array(await present(data, 'download').arrayBuffer());
    expect(stored.byteLength).toBe(source.byteLength);
    expect(sha256(stored)).toBe(sha256(source));
  });

  it('refuses an upload over the bucket limit before the first PATCH', async () => {
    member = await signIn(server, 'member');
    memberToken = present((await member.auth.getSession()).data.session).access_token;
    const attempt = startUpload(server.url, server.anonKey, memberToken, randomBytes(3 * MB), {
      bucketName: 'avatars',
      objectName: `${demoUsers.member.id}/too-big.png`,
      contentType: 'image/png',
    });
    const error = await refusal(attempt);
    expect(statusOf(error)).toBe(413);
    expect(bodyOf(error)).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect(attempt.methods).toEqual(['POST']);
  });

  it("refuses an upload into another member's folder before the first PATCH", async () => {
    const attempt = startUpload(server.url, server.anonKey, memberToken, randomBytes(1000), {
      bucketName: 'avatars',
      objectName: `${demoUsers.otherMember.id}/not-mine.png`,
      contentType: 'image/png',
    });
    const error = await refusal(attempt);
    expect(statusOf(error)).toBe(403);
    expect(bodyOf(error)).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    expect(attempt.methods).toEqual(['POST']);
  });

  it('refuses a type the bucket does not allow before the first PATCH', async () => {
    const attempt = startUpload(server.url, server.anonKey, memberToken, randomBytes(1000), {
      bucketName: 'avatars',
      objectName: `${demoUsers.member.id}/page.html`,
      contentType: 'text/html',
    });
    const error = await refusal(attempt);
    expect(statusOf(error)).toBe(415);
    expect(attempt.methods).toEqual(['POST']);
  });

  it('replaces an existing object only with x-upsert', async () => {
    const key = server.serviceKey;
    const metadata = { bucketName: 'large', objectName: 'replace.bin' };
    await startUpload(server.url, key, key, Buffer.from('first'), metadata).done;
    const refused = startUpload(server.url, key, key, Buffer.from('second'), metadata);
    const error = await refusal(refused);
    expect(statusOf(error)).toBe(409);
    await startUpload(server.url, key, key, Buffer.from('second'), metadata, {
      headers: { authorization: `Bearer ${key}`, apikey: key, 'x-upsert': 'true' },
    }).done;
    const { data } = await server.admin().storage.from('large').download('replace.bin');
    expect(await present(data).text()).toBe('second');
  });

  it('lets nobody but its creator continue or inspect an upload', async () => {
    const bytes = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(2000)]);
    const attempt = startUpload(
      server.url,
      server.anonKey,
      memberToken,
      bytes,
      {
        bucketName: 'avatars',
        objectName: `${demoUsers.member.id}/mine.png`,
        contentType: 'image/png',
      },
      {
        chunkSize: 1000,
        onChunkComplete: () => void attempt.upload.abort(),
      },
    );
    const uploadUrl = await attempt.created;
    const second = await signIn(server, 'otherMember');
    const secondToken = present((await second.auth.getSession()).data.session).access_token;
    const response = await fetch(uploadUrl, {
      method: 'HEAD',
      headers: {
        'Tus-Resumable': '1.0.0',
        authorization: `Bearer ${secondToken}`,
        apikey: server.anonKey,
      },
    });
    expect(response.status).toBe(403);
    const anonymous = await fetch(uploadUrl, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0' },
    });
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
  });
});

describe('abandoned resumable uploads', () => {
  it('expire after the configured time and their bytes are removed', async () => {
    let server = await startTestServer({ resumableExpirySeconds: 4 });
    try {
      const key = server.serviceKey;
      await server.admin().storage.createBucket('expiring', { public: false });
      const attempt = startUpload(
        server.url,
        key,
        key,
        randomBytes(20_000),
        {
          bucketName: 'expiring',
          objectName: 'left.bin',
        },
        {
          chunkSize: 10_000,
          onChunkComplete: () => void attempt.upload.abort(),
        },
      );
      const uploadUrl = await attempt.created;
      await expect.poll(async () => offsetOf(uploadUrl, key, key)).toBe(10_000);
      const id = present(uploadUrl.split('/').pop());
      const dataDir = present(server.server.config.local.dataDir, 'data directory');
      expect(existsSync(join(dataDir, 'resumable', id))).toBe(true);
      // Expiry counts from the last write; 4 s leaves a loaded machine time to write the first chunk.
      await new Promise((resolve) => setTimeout(resolve, 4500));
      const oldOrigin = new URL(server.url).origin;
      // Expired uploads are removed at start (and every few minutes while running).
      server = await server.restart();
      expect(existsSync(join(dataDir, 'resumable', id))).toBe(false);
      const response = await fetch(uploadUrl.replace(oldOrigin, new URL(server.url).origin), {
        method: 'HEAD',
        headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${key}`, apikey: key },
      });
      expect(response.status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
