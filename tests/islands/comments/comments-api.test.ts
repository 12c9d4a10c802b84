import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchComment,
  loadPage,
  loadWindow,
  postComment,
  editComment,
  withdrawComment,
  reportComment,
  type ListingQuery,
} from '../../../src/islands/comments/data/comments-api';
import { loadReactionCounts, setReaction } from '../../../src/islands/comments/data/article-api';
import { startTestServer, type TestServer } from '../../backend/helpers/server.ts';
import { demo, freshArticleKey, newMember, signedIn } from './support';

let server: TestServer;
let anon: SupabaseClient;
let member: SupabaseClient;
let moderator: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  anon = server.client();
  member = (await newMember(server, 'Mina Member')).client;
  moderator = await signedIn(server, 'moderator');
});
afterAll(() => server.stop());

function listing(articleKey: string, fields: Partial<ListingQuery> = {}): ListingQuery {
  return { articleKey, order: 'newest', languageFilter: 'all', ...fields };
}

/** Stores comments directly (service role: no rate limit), one second apart, oldest first. */
async function seedComments(articleKey: string, count: number, language = 'en'): Promise<void> {
  const start = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: count }, (_, index) => ({
    article_key: articleKey,
    author_id: demo.second.id,
    body: `seeded ${index + 1}`,
    language,
    created_at: new Date(start + index * 1000).toISOString(),
  }));
  const { error } = await server.admin().from('comments').insert(rows);
  if (error) throw error;
}

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`request failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

describe('reading a thread', () => {
  it('anonymous readers get visible comments with author names, never hidden ones', async () => {
    const page = unwrap(
      await loadPage(anon, listing('translation-metadata-article-unicode-explained'), null),
    );
    expect(page.comments.length).toBeGreaterThan(0);
    expect(page.comments.every((comment) => comment.status !== 'hidden')).toBe(true);
    expect(page.comments.some((comment) => comment.authorName === 'Jonas Zweiter')).toBe(true);
  });

  it('pages through 55 comments 50 at a time, newest first, with nothing twice', async () => {
    const articleKey = freshArticleKey();
    await seedComments(articleKey, 55);
    const first = unwrap(await loadPage(anon, listing(articleKey), null));
    expect(first.comments).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.comments[0]?.body).toBe('seeded 55');
    const cursor = first.comments.at(-1) ?? null;
    const second = unwrap(await loadPage(anon, listing(articleKey), cursor));
    expect(second.comments.map((comment) => comment.body)).toEqual([
      'seeded 5',
      'seeded 4',
      'seeded 3',
      'seeded 2',
      'seeded 1',
    ]);
    expect(second.hasMore).toBe(false);
  });

  it('filters threads by language and lists oldest first on request', async () => {
    const articleKey = freshArticleKey();
    await seedComments(articleKey, 2, 'de');
    await seedComments(articleKey, 1, 'fr');
    const german = unwrap(
      await loadPage(anon, listing(articleKey, { languageFilter: 'de', order: 'oldest' }), null),
    );
    expect(german.comments.map((comment) => comment.language)).toEqual(['de', 'de']);
  });

  it('a catch-up reads comments posted since the window was loaded', async () => {
    const articleKey = freshArticleKey();
    await seedComments(articleKey, 3);
    const first = unwrap(await loadPage(anon, listing(articleKey), null));
    const posted = unwrap(
      await postComment(member, {
        id: randomUUID(),
        articleKey,
        parentId: null,
        body: 'while you were away',
        language: 'en',
      }),
    );
    const window = unwrap(
      await loadWindow(anon, listing(articleKey), first.comments.at(-1) ?? null, first.hasMore),
    );
    expect(window.comments.map((comment) => comment.id)).toContain(posted.id);
  });
});

describe('writing', () => {
  it('posts a reply, and re-sending the same comment does not post it twice', async () => {
    const articleKey = freshArticleKey();
    const parent = unwrap(
      await postComment(member, {
        id: randomUUID(),
        articleKey,
        parentId: null,
        body: 'parent',
        language: 'en',
      }),
    );
    const reply = {
      id: randomUUID(),
      articleKey,
      parentId: parent.id,
      body: 'reply',
      language: 'de',
    };
    const posted = unwrap(await postComment(member, reply));
    expect(posted.authorName).toBe('Mina Member');
    unwrap(await postComment(member, reply));
    const page = unwrap(await loadPage(anon, listing(articleKey), null));
    expect(page.comments.filter((comment) => comment.body === 'reply')).toHaveLength(1);
  });

  it('edits mark the comment edited; withdrawing leaves a nameless, empty tombstone', async () => {
    const articleKey = freshArticleKey();
    const id = randomUUID();
    unwrap(
      await postComment(member, { id, articleKey, parentId: null, body: 'v1', language: 'en' }),
    );
    const edited = unwrap(await editComment(member, id, 'v2'));
    expect(edited.body).toBe('v2');
    expect(edited.editedAt).not.toBeNull();
    const withdrawn = unwrap(await withdrawComment(member, id));
    expect(withdrawn).toMatchObject({ status: 'deleted', body: '', authorName: null });
  });

  it("another member's comment cannot be edited", async () => {
    const articleKey = freshArticleKey();
    const id = randomUUID();
    unwrap(
      await postComment(member, { id, articleKey, parentId: null, body: 'mine', language: 'en' }),
    );
    const other = await signedIn(server, 'second');
    const result = await editComment(other, id, 'not yours');
    // RLS turns the update into "0 rows"; the comment is unchanged.
    if (result.ok) expect(result.value.body).toBe('mine');
    const seen = unwrap(await fetchComment(anon, id));
    expect(seen?.body).toBe('mine');
  });

  it('a hidden comment is gone for readers but still there for moderators and its author', async () => {
    const articleKey = freshArticleKey();
    const id = randomUUID();
    const author = (await newMember(server)).client;
    unwrap(
      await postComment(author, { id, articleKey, parentId: null, body: 'x', language: 'en' }),
    );
    const { error } = await moderator.rpc('hide_comment', { comment_id: id });
    expect(error).toBeNull();
    expect(unwrap(await fetchComment(anon, id))).toBeNull();
    expect(unwrap(await fetchComment(moderator, id))?.status).toBe('hidden');
    expect(unwrap(await fetchComment(author, id))?.status).toBe('hidden');
  });

  it('the sixth comment in a minute is refused with the rate-limit key and its window', async () => {
    const limited = (await newMember(server)).client;
    const articleKey = freshArticleKey();
    const post = (n: number) =>
      postComment(limited, {
        id: randomUUID(),
        articleKey,
        parentId: null,
        body: `${n}`,
        language: 'de',
      });
    for (let n = 1; n <= 5; n += 1) unwrap(await post(n));
    const refused = await post(6);
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'P0001', message: 'rate_limited', hint: 'per_minute' },
    });
  });

  it('reports and reactions go through; counts are public', async () => {
    const articleKey = freshArticleKey();
    const id = randomUUID();
    const author = (await newMember(server)).client;
    unwrap(
      await postComment(author, { id, articleKey, parentId: null, body: 'x', language: 'en' }),
    );
    unwrap(await reportComment(moderator, id, 'spam', ''));
    unwrap(await setReaction(member, articleKey, 'funny', true));
    unwrap(await setReaction(member, articleKey, 'funny', true));
    expect(unwrap(await loadReactionCounts(anon, articleKey))).toEqual({ funny: 1 });
    unwrap(await setReaction(member, articleKey, 'funny', false));
    expect(unwrap(await loadReactionCounts(anon, articleKey))).toEqual({});
  });
});
