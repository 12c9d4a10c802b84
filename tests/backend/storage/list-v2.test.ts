// `listV2` through supabase-js: a bucket walked page by page with the cursor the server hands out,
// flat or one folder level at a time, by name or by time, and only what the select policy shows.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { present, signIn, storageFields } from './support.ts';

type ListV2Options = Parameters<ReturnType<SupabaseClient['storage']['from']>['listV2']>[0];

/** Names in upload order; `docs/sub.txt` sorts before the folder `docs/sub/` ('.' < '/'). */
const NAMES = [
  'docs/b.txt',
  'readme.txt',
  'docs/sub/d.txt',
  'docs/a.txt',
  'zeta/e.txt',
  'docs/sub.txt',
  'docs/sub/c.txt',
];

describe('listV2 through supabase-js', () => {
  let server: TestServer;
  let admin: SupabaseClient;

  /** Every page of a listing, following nextCursor until hasNext is false. */
  async function walk(options: ListV2Options) {
    const pages = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 20; guard++) {
      const { data, error } = await admin.storage
        .from('library')
        .listV2({ ...options, ...(cursor ? { cursor } : {}) });
      expect(error).toBeNull();
      const page = present(data, 'page');
      pages.push(page);
      if (!page.hasNext) return pages;
      cursor = present(page.nextCursor, 'nextCursor');
    }
    throw new Error('the listing never ended');
  }
  const names = (pages: Awaited<ReturnType<typeof walk>>) =>
    pages.flatMap((page) => [
      ...page.folders.map((entry) => entry.name),
      ...page.objects.map((entry) => entry.name),
    ]);

  beforeAll(async () => {
    server = await startTestServer();
    admin = server.admin();
    await admin.storage.createBucket('library', { public: false });
    for (const name of NAMES) {
      const { error } = await admin.storage
        .from('library')
        .upload(name, Buffer.from(name), { contentType: 'text/plain' });
      expect(error).toBeNull();
      // Distinct creation times, so the order by time is the upload order.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  afterAll(async () => {
    await server.stop();
  });

  it('lists every object under a prefix as whole keys in name order, with metadata', async () => {
    const [page] = await walk({ prefix: 'docs/' });
    expect(page?.hasNext).toBe(false);
    expect(page?.folders).toEqual([]);
    expect(page?.objects.map((entry) => entry.name)).toEqual([
      'docs/a.txt',
      'docs/b.txt',
      'docs/sub.txt',
      'docs/sub/c.txt',
      'docs/sub/d.txt',
    ]);
    const first = present(page?.objects[0], 'object');
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.metadata).toMatchObject({ size: 'docs/a.txt'.length, mimetype: 'text/plain' });
    expect(first.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('walks a bucket two at a time with the cursor, each object exactly once', async () => {
    const pages = await walk({ limit: 2 });
    expect(pages.map((page) => page.objects.length)).toEqual([2, 2, 2, 1]);
    expect(names(pages)).toEqual([...NAMES].sort());
    expect(pages.at(-1)?.nextCursor).toBeUndefined();
    // storage-api also names the last entry (storage-js 2.119 does not type it).
    expect(pages[0]).toMatchObject({ nextCursorKey: 'docs/b.txt' });
  });

  it('lists one level with the delimiter: folders end in a slash, files are whole keys', async () => {
    const [root] = await walk({ with_delimiter: true });
    expect(root?.folders.map((entry) => entry.name)).toEqual(['docs/', 'zeta/']);
    expect(root?.objects.map((entry) => entry.name)).toEqual(['readme.txt']);
    expect(root?.folders[0]).toMatchObject({ key: 'docs', id: null, metadata: null });

    const [docs] = await walk({ prefix: 'docs/', with_delimiter: true });
    expect(docs?.folders.map((entry) => entry.name)).toEqual(['docs/sub/']);
    expect(docs?.objects.map((entry) => [entry.name, entry.key])).toEqual([
      ['docs/a.txt', 'a.txt'],
      ['docs/b.txt', 'b.txt'],
      ['docs/sub.txt', 'sub.txt'],
    ]);
  });

  it('pages through a level one entry at a time, a folder counting as one entry', async () => {
    const pages = await walk({ prefix: 'docs/', with_delimiter: true, limit: 1 });
    expect(pages.map((page) => names([page]))).toEqual([
      ['docs/a.txt'],
      ['docs/b.txt'],
      ['docs/sub.txt'],
      ['docs/sub/'],
    ]);
    const descending = await walk({
      prefix: 'docs/',
      with_delimiter: true,
      limit: 1,
      sortBy: { column: 'name', order: 'desc' },
    });
    expect(names(descending)).toEqual(['docs/sub/', 'docs/sub.txt', 'docs/b.txt', 'docs/a.txt']);
  });

  it('sorts by creation time, newest first, across pages', async () => {
    const pages = await walk({ limit: 3, sortBy: { column: 'created_at', order: 'desc' } });
    expect(names(pages)).toEqual([...NAMES].reverse());
  });

  it('answers the page shape exactly: cursor fields only when there is a next page', async () => {
    const list = (body: object) =>
      fetch(`${server.url}/storage/v1/object/list-v2/library`, {
        method: 'POST',
        headers: {
          apikey: server.serviceKey,
          Authorization: `Bearer ${server.serviceKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      }).then(async (response) => (await response.json()) as Record<string, unknown>);
    expect(Object.keys(await list({ prefix: 'zeta/' }))).toEqual(['hasNext', 'folders', 'objects']);
    expect(Object.keys(await list({ limit: 1 }))).toEqual([
      'hasNext',
      'nextCursor',
      'nextCursorKey',
      'folders',
      'objects',
    ]);
  });

  it('refuses a cursor it did not make, in the storage error shape', async () => {
    const { data, error } = await admin.storage
      .from('library')
      .listV2({ cursor: 'bm90IGEgY3Vyc29y' });
    expect(data).toBeNull();
    expect(error?.message).toBe('Invalid Parameter continuation token');
    expect(storageFields(error)).toMatchObject({ statusCode: '400', code: 'InvalidParameter' });
  });

  it('shows a member only what the select policy lets them see', async () => {
    const member = await signIn(server, 'member');
    const { data, error } = await member.storage.from('library').listV2({ with_delimiter: true });
    expect(error).toBeNull();
    expect(data).toEqual({ hasNext: false, folders: [], objects: [] });
  });
});
