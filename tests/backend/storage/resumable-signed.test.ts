// Resumable uploads through a signed upload URL, as Supabase documents them: a member's
// createSignedUploadUrl token goes to someone without an account, whose tus-js-client sends it as
// `x-signature` to `/upload/resumable/sign`. The token grants its one path, as its signer.
import { createHash, randomBytes } from 'node:crypto';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { demoUsers, present, signIn, tinyPng } from './support.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('resumable uploads with a signed upload URL', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  /** tus-js-client with only the anon key and the token; resolves with the upload URL. */
  function upload(
    token: string,
    bytes: Buffer,
    metadata: Record<string, string>,
    options: Partial<tus.UploadOptions> = {},
  ): Promise<string> {
    return new Promise((resolve, reject) => {
      const attempt: tus.Upload = new tus.Upload(bytes, {
        endpoint: `${server.url}/storage/v1/upload/resumable/sign`,
        headers: { apikey: server.anonKey, 'x-signature': token },
        metadata,
        chunkSize: 100_000,
        retryDelays: [],
        storeFingerprintForResuming: false,
        onSuccess: () => {
          resolve(attempt.url ?? '');
        },
        onError: reject,
        ...options,
      });
      attempt.start();
    });
  }

  const statusOf = (error: unknown) =>
    error instanceof tus.DetailedError ? error.originalResponse?.getStatus() : undefined;

  it('stores the bytes at the signed path, owned by the member who signed', async () => {
    const member = await signIn(server, 'member');
    const path = `${demoUsers.member.id}/signed-resumable.png`;
    const { data, error } = await member.storage.from('avatars').createSignedUploadUrl(path);
    expect(error).toBeNull();
    const png = Buffer.concat([Buffer.from(tinyPng), randomBytes(250_000)]);

    const uploadUrl = await upload(present(data).token, png, {
      bucketName: 'avatars',
      objectName: path,
      contentType: 'image/png',
    });
    // Continued through the signed route too: the token travels with every chunk.
    expect(new URL(uploadUrl).pathname).toMatch(
      /^\/storage\/v1\/upload\/resumable\/sign\/[0-9a-f-]{36}$/,
    );
    const { data: stored } = await server.admin().storage.from('avatars').download(path);
    expect(sha256(new Uint8Array(await present(stored).arrayBuffer()))).toBe(sha256(png));
    const { rows } = await server.server.db.query<{ owner_id: string }>(
      `select owner_id from storage.objects where bucket_id = 'avatars' and name = $1`,
      [path],
    );
    expect(rows[0]?.owner_id).toBe(demoUsers.member.id);
  });

  it('refuses another path than the signed one before any byte is stored', async () => {
    const member = await signIn(server, 'member');
    const { data } = await member.storage
      .from('avatars')
      .createSignedUploadUrl(`${demoUsers.member.id}/granted.png`);
    const failure = await upload(present(data).token, Buffer.from(tinyPng), {
      bucketName: 'avatars',
      objectName: `${demoUsers.moderator.id}/not-granted.png`,
      contentType: 'image/png',
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(statusOf(failure)).toBe(400);
    expect(String(failure)).toContain('InvalidSignature');
  });

  it('refuses a missing or a download token', async () => {
    const admin = server.admin();
    await admin.storage.createBucket('signed-tus', { public: false });
    await admin.storage.from('signed-tus').upload('a.txt', Buffer.from('a'));
    const { data: download } = await admin.storage.from('signed-tus').createSignedUrl('a.txt', 60);
    const downloadToken = present(new URL(present(download).signedUrl).searchParams.get('token'));
    const metadata = { bucketName: 'signed-tus', objectName: 'a.txt' };

    const withDownloadToken = await upload(downloadToken, Buffer.from('b'), metadata).then(
      () => null,
      (error: unknown) => error,
    );
    expect(statusOf(withDownloadToken)).toBe(400);

    const response = await fetch(`${server.url}/storage/v1/upload/resumable/sign`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1', apikey: server.anonKey },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'InvalidSignature',
      message: 'Missing x-signature header',
    });
  });
});
