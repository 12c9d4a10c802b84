// Issue 13: features the local backend does not offer (vector and analytics buckets, the S3
// protocol) answer one clear storage error that says so, not "Route not found".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('storage features the local backend does not offer', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  for (const [path, feature] of [
    ['/vector/ListVectorBuckets', 'Vector buckets'],
    ['/iceberg/bucket', 'Analytics buckets'],
    ['/s3/avatars', 'The S3 protocol'],
  ]) {
    it(`says ${feature} are not supported`, async () => {
      const response = await fetch(`${server.url}/storage/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.serviceKey}` },
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code?: string; message?: string };
      expect(body.code).toBe('NotSupported');
      expect(body.message).toContain(`${feature} `);
      expect(body.message).toContain('not supported');
    });
  }
});
