// Issue 13: bucket size limits given as text are decimal units, as Storage parses them, read by the
// same parser as config.toml's `[storage] file_size_limit`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSize } from '../../../local-supabase/config/units.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { storageFields } from './support.ts';

describe('bucket size limits as text', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  const cases: [string, number][] = [
    ['20mb', 20_000_000],
    ['1KB', 1_000],
    ['1.5MB', 1_500_000],
    ['2GB', 2_000_000_000],
    ['3B', 3],
  ];

  for (const [text, bytes] of cases) {
    it(`stores "${text}" as ${bytes} bytes, as config.toml reads it`, async () => {
      const admin = server.admin();
      const id = `sizes-${text.replace('.', '-')}`;
      expect(
        (await admin.storage.createBucket(id, { public: false, fileSizeLimit: text })).error,
      ).toBeNull();
      const { data } = await admin.storage.getBucket(id);
      expect(data?.file_size_limit).toBe(bytes);
      expect(parseSize(text)).toBe(bytes);
    });
  }

  it('refuses a size that is not one, naming the field', async () => {
    const { error } = await server
      .admin()
      .storage.createBucket('sizes-bad', { public: false, fileSizeLimit: '20 parsecs' });
    expect(storageFields(error).statusCode).toBe('400');
    expect(error?.message).toContain('file_size_limit');
  });
});
