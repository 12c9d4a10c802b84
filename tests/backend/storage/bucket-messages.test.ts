// Messages storage-api answers that clients show as they are: emptying a bucket, and a request
// without an Authorization header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('storage messages clients show', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('says an emptied bucket was queued, as Storage does, and the bucket is empty', async () => {
    const admin = server.admin();
    await admin.storage.createBucket('to-empty', { public: false });
    await admin.storage.from('to-empty').upload('a.txt', Buffer.from('a'), {
      contentType: 'text/plain',
    });
    const { data, error } = await admin.storage.emptyBucket('to-empty');
    expect(error).toBeNull();
    expect(data).toEqual({
      message: 'Empty bucket has been queued. Completion may take up to an hour.',
    });
    expect((await admin.storage.from('to-empty').list()).data).toEqual([]);
  });

  it('answers a request with no credentials with "Invalid Compact JWS"', async () => {
    const response = await fetch(`${server.url}/storage/v1/bucket`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
      message: 'Invalid Compact JWS',
    });
  });
});
