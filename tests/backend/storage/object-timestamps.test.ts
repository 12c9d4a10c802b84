// Object timestamps in the form hosted Storage sends them: storage-api reads rows through node-postgres
// and serialises the Date objects, so every answer carries `2021-02-17T04:43:32.770Z`, never
// Postgres' text form (`2021-02-17 04:43:32.770123+00`) or its JSON form (`…T04:43:32.770123+00:00`).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { present } from './support.ts';

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('object timestamps as Storage answers them', () => {
  let server: TestServer;
  let admin: SupabaseClient;
  const uploadedAt = Date.now();

  beforeAll(async () => {
    server = await startTestServer();
    admin = server.admin();
    expect((await admin.storage.createBucket('dated', { public: true })).error).toBeNull();
    for (const name of ['notes/a.txt', 'notes/deeper/b.txt', 'c.txt']) {
      const { error } = await admin.storage.from('dated').upload(name, new Blob([name]));
      expect(error).toBeNull();
    }
  });
  afterAll(async () => {
    await server.stop();
  });

  /** A timestamp in the hosted form, within the test's own lifetime (so it is the right instant). */
  const expectRecent = (value: unknown) => {
    expect(value).toMatch(TIMESTAMP);
    const at = Date.parse(String(value));
    expect(at).toBeGreaterThanOrEqual(Math.floor(uploadedAt / 1000) * 1000 - 60_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 60_000);
  };

  it('lists a folder with JavaScript dates on objects and nulls on sub-folders', async () => {
    const { data, error } = await admin.storage.from('dated').list('notes');
    expect(error).toBeNull();
    const [file, folder] = present(data, 'listing');
    expect(folder).toMatchObject({
      name: 'deeper',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
    });
    expect(file?.name).toBe('a.txt');
    expectRecent(file?.created_at);
    expectRecent(file?.updated_at);
    // storage-js marks it deprecated; Storage still sends it.
    expectRecent(Reflect.get(file ?? {}, 'last_accessed_at'));
  });

  it('sorts a listing by a timestamp and still answers JavaScript dates', async () => {
    const { data, error } = await admin.storage
      .from('dated')
      .list('', { sortBy: { column: 'created_at', order: 'desc' } });
    expect(error).toBeNull();
    const file = present(
      data?.find((entry) => entry.name === 'c.txt'),
      'c.txt',
    );
    expectRecent(file.created_at);
  });

  it('answers info, signed and public, with JavaScript dates', async () => {
    const info = await admin.storage.from('dated').info('notes/a.txt');
    expect(info.error).toBeNull();
    const data = present(info.data, 'info');
    expectRecent(data.lastModified);
    expectRecent(data.createdAt);

    const response = await fetch(`${server.url}/storage/v1/object/info/public/dated/c.txt`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expectRecent(body['last_modified']);
    expectRecent(body['created_at']);
  });

  it('answers remove with the removed rows carrying JavaScript dates', async () => {
    const { error: copyError } = await admin.storage.from('dated').copy('c.txt', 'gone.txt');
    expect(copyError).toBeNull();
    const { data, error } = await admin.storage.from('dated').remove(['gone.txt']);
    expect(error).toBeNull();
    const [removed] = present(data, 'removed rows');
    expect(removed?.name).toBe('gone.txt');
    expectRecent(removed?.created_at);
    expectRecent(removed?.updated_at);
    expectRecent(Reflect.get(removed ?? {}, 'last_accessed_at'));
  });
});
