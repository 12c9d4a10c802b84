// Bucket objects with exactly the fields and forms storage-api answers (its bucketSchema and the
// columns its routes select), and listBuckets' search, sort and paging options.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { present, signIn, storageFields } from './support.ts';

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('bucket objects as Storage answers them', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = server.admin();
    for (const id of ['shelf-b', 'shelf-a', 'shelf-c']) {
      const { error } = await admin.storage.createBucket(id, {
        public: id === 'shelf-a',
        fileSizeLimit: 1_000_000,
        allowedMimeTypes: ['image/png'],
      });
      expect(error).toBeNull();
    }
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers getBucket with the eight fields, an empty owner for a key, and JavaScript dates', async () => {
    const { data, error } = await server.admin().storage.getBucket('shelf-a');
    expect(error).toBeNull();
    const bucket = present(data, 'bucket');
    expect(Object.keys(bucket)).toEqual([
      'id',
      'name',
      'owner',
      'public',
      'file_size_limit',
      'allowed_mime_types',
      'created_at',
      'updated_at',
    ]);
    expect(bucket).toMatchObject({
      id: 'shelf-a',
      name: 'shelf-a',
      owner: '',
      public: true,
      file_size_limit: 1_000_000,
      allowed_mime_types: ['image/png'],
    });
    expect(bucket.created_at).toMatch(TIMESTAMP);
    expect(bucket.updated_at).toMatch(TIMESTAMP);
  });

  it('answers listBuckets with the type Storage adds there and nothing else', async () => {
    const { data } = await server.admin().storage.listBuckets({ search: 'shelf-a' });
    expect(data).toHaveLength(1);
    expect(Object.keys(present(data?.[0], 'bucket'))).toEqual([
      'id',
      'name',
      'owner',
      'public',
      'type',
      'file_size_limit',
      'allowed_mime_types',
      'created_at',
      'updated_at',
    ]);
    expect(data?.[0]?.type).toBe('STANDARD');
  });

  it('searches, sorts and pages the bucket list', async () => {
    const storage = server.admin().storage;
    const names = async (options: Parameters<typeof storage.listBuckets>[0]) =>
      (await storage.listBuckets(options)).data?.map((bucket) => bucket.id);
    expect(await names({ search: 'SHELF' })).toEqual(['shelf-a', 'shelf-b', 'shelf-c']);
    expect(await names({ search: 'shelf', sortColumn: 'name', sortOrder: 'desc' })).toEqual([
      'shelf-c',
      'shelf-b',
      'shelf-a',
    ]);
    expect(await names({ search: 'shelf', sortColumn: 'created_at', limit: 2, offset: 1 })).toEqual(
      ['shelf-a', 'shelf-c'],
    );
    expect(await names({ search: 'shelf_' })).toEqual([]);
  });

  it('refuses a sort column Storage does not offer', async () => {
    const response = await fetch(`${server.url}/storage/v1/bucket?sortColumn=owner`, {
      headers: { apikey: server.serviceKey, Authorization: `Bearer ${server.serviceKey}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
  });

  it('shows a member no bucket: storage.buckets has no policy for them', async () => {
    const member = await signIn(server, 'member');
    const { data, error } = await member.storage.listBuckets();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const missing = await member.storage.getBucket('shelf-a');
    expect(storageFields(missing.error)).toMatchObject({ statusCode: '404' });
  });
});
