// A resumable upload whose server went down while it committed: the bytes stored, the row written
// or not, the upload not yet removed. The disk is put in exactly the state such a crash leaves
// (the upload's own files, written back as they were), the backend restarts on it, and the client
// asks again, as tus-js-client does when it resumes: the upload ends as one object, never a 409.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { present } from './support.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const SIZE = 200_000;

/** tus-js-client resuming at `uploadUrl`; resolves when it reports success. */
function resume(server: TestServer, uploadUrl: string, bytes: Buffer): Promise<string[]> {
  const key = server.serviceKey;
  const methods: string[] = [];
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(bytes, {
      endpoint: `${server.url}/storage/v1/upload/resumable`,
      uploadUrl,
      headers: { authorization: `Bearer ${key}`, apikey: key },
      retryDelays: [],
      storeFingerprintForResuming: false,
      onBeforeRequest: (request) => {
        methods.push(request.getMethod());
      },
      onSuccess: () => {
        resolve(methods);
      },
      onError: reject,
    });
    upload.start();
  });
}

describe('a resumable upload interrupted while it commits', () => {
  let server: TestServer;

  afterEach(async () => {
    await server.stop();
  });

  /**
   * Creates an upload of `bytes` to `crash/<name>` and returns its URL, its id and a copy of its
   * record (`<id>.json`), taken before any byte arrived.
   */
  async function createUpload(name: string) {
    const key = server.serviceKey;
    const encode = (text: string) => Buffer.from(text).toString('base64');
    const response = await fetch(`${server.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(SIZE),
        'Upload-Metadata': `bucketName ${encode('crash')},objectName ${encode(name)},contentType ${encode('application/octet-stream')}`,
        authorization: `Bearer ${key}`,
        apikey: key,
      },
    });
    expect(response.status).toBe(201);
    const uploadUrl = new URL(present(response.headers.get('location')), server.url).href;
    const id = present(uploadUrl.split('/').pop());
    const directory = join(present(server.server.config.local.dataDir), 'resumable');
    const record = join(directory, `${id}.json.saved`);
    await copyFile(join(directory, `${id}.json`), record);
    return { uploadUrl, id, directory, record };
  }

  async function patch(uploadUrl: string, bytes: Buffer): Promise<Response> {
    const key = server.serviceKey;
    return fetch(uploadUrl, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        authorization: `Bearer ${key}`,
        apikey: key,
      },
      body: new Uint8Array(bytes),
    });
  }

  /** The backend again on the same data directory; `url` moved with it. */
  async function restart(url: string): Promise<string> {
    const oldOrigin = new URL(server.url).origin;
    server = await server.restart();
    return url.replace(oldOrigin, new URL(server.url).origin);
  }

  async function storedObjects(): Promise<string[]> {
    const { data } = await server.admin().storage.from('crash').listV2();
    return present(data, 'listing').objects.map((object) => object.name);
  }

  it('after its row committed: the client resumes to success, one object, the upload gone', async () => {
    server = await startTestServer();
    await server.admin().storage.createBucket('crash', { public: false });
    const source = randomBytes(SIZE);
    const { uploadUrl, id, directory, record } = await createUpload('after-row.bin');
    expect((await patch(uploadUrl, source)).status).toBe(204);
    expect(existsSync(join(directory, id))).toBe(false);

    // The crash came after the row's commit and before the upload's removal: its files remain.
    await writeFile(join(directory, id), source);
    await copyFile(record, join(directory, `${id}.json`));
    const movedUrl = await restart(uploadUrl);

    const methods = await resume(server, movedUrl, source);
    expect(methods).toEqual(['HEAD']);
    expect(await storedObjects()).toEqual(['after-row.bin']);
    const { data } = await server.admin().storage.from('crash').download('after-row.bin');
    expect(sha256(new Uint8Array(await present(data).arrayBuffer()))).toBe(sha256(source));
    expect(existsSync(join(directory, id))).toBe(false);
    // One version file for the one row: the second commit stored nothing again.
    const dataDir = present(server.server.config.local.dataDir);
    expect(await readdir(join(dataDir, 'storage', 'crash'))).toHaveLength(1);
  });

  it('before its row committed: the stray bytes are swept and the client resumes to the object', async () => {
    server = await startTestServer();
    await server.admin().storage.createBucket('crash', { public: false });
    const source = randomBytes(SIZE);
    const { uploadUrl, id, directory } = await createUpload('before-row.bin');

    // Every byte arrived and its version file was written, then the server went down: no row.
    await writeFile(join(directory, id), source);
    const dataDir = present(server.server.config.local.dataDir);
    await mkdir(join(dataDir, 'storage', 'crash'), { recursive: true });
    await writeFile(join(dataDir, 'storage', 'crash', id), source);
    const movedUrl = await restart(uploadUrl);
    expect(await storedObjects()).toEqual([]);

    await resume(server, movedUrl, source);
    expect(await storedObjects()).toEqual(['before-row.bin']);
    const { data } = await server.admin().storage.from('crash').download('before-row.bin');
    expect(sha256(new Uint8Array(await present(data).arrayBuffer()))).toBe(sha256(source));
    expect(existsSync(join(directory, id))).toBe(false);
  });
});
