// The live path end to end through supabase-js: the database triggers broadcast on the private
// channel `article:{key}` and a reader's subscription hears comments, hides and reaction counts,
// with nothing of a hidden comment's text in what anonymous readers receive.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setReaction } from '../../../src/islands/comments/data/article-api';
import {
  subscribeToArticleNews,
  type ArticleNewsHandlers,
} from '../../../src/islands/comments/data/article-news';
import { editComment, postComment } from '../../../src/islands/comments/data/comments-api';
import { startTestServer, type TestServer } from '../../backend/helpers/server.ts';
import { freshArticleKey, newMember, signedIn } from './support';

let server: TestServer;
let moderator: SupabaseClient;
const stops: (() => void)[] = [];

beforeAll(async () => {
  server = await startTestServer();
  moderator = await signedIn(server, 'moderator');
});
afterAll(async () => {
  for (const stop of stops) stop();
  await server.stop();
});

/** Waits for realtime delivery (seconds on a loaded two-core machine, not vitest's default 1 s). */
function eventually(check: () => void): Promise<void> {
  return vi.waitFor(check, { timeout: 15_000, interval: 50 });
}

/** An anonymous reader subscribed to the article, with every handler recorded. */
async function reader(articleKey: string, client = server.client()) {
  const handlers = {
    comment: vi.fn(),
    commentHidden: vi.fn(),
    reactionCounts: vi.fn(),
    reconnected: vi.fn(),
    readers: vi.fn(),
    connection: vi.fn(),
  } satisfies ArticleNewsHandlers;
  stops.push(subscribeToArticleNews(client, articleKey, handlers));
  await eventually(() => {
    expect(handlers.connection).toHaveBeenCalledWith(true);
  });
  return handlers;
}

describe('article news', () => {
  it('a new comment, its edit and its hiding reach an anonymous reader; hidden text does not', async () => {
    const articleKey = freshArticleKey();
    const news = await reader(articleKey);
    const author = await newMember(server, 'Live Author');
    const id = randomUUID();
    await postComment(author.client, {
      id,
      articleKey,
      parentId: null,
      body: 'secret-ish',
      language: 'en',
    });
    await eventually(() => {
      expect(news.comment).toHaveBeenCalledWith(
        expect.objectContaining({ id, body: 'secret-ish', authorName: 'Live Author' }),
      );
    });
    await editComment(author.client, id, 'edited live');
    await eventually(() => {
      expect(news.comment).toHaveBeenLastCalledWith(
        expect.objectContaining({ id, body: 'edited live' }),
      );
    });
    const { error } = await moderator.rpc('hide_comment', { comment_id: id });
    expect(error).toBeNull();
    await eventually(() => {
      expect(news.commentHidden).toHaveBeenCalledWith(id);
    });
    expect(news.comment).toHaveBeenCalledTimes(2);
  });

  it('reaction counts arrive with every change', async () => {
    const articleKey = freshArticleKey();
    const news = await reader(articleKey);
    const member = await newMember(server);
    await setReaction(member.client, articleKey, 'insightful', true);
    await eventually(() => {
      expect(news.reactionCounts).toHaveBeenLastCalledWith({ insightful: 1 });
    });
    await setReaction(member.client, articleKey, 'insightful', false);
    await eventually(() => {
      expect(news.reactionCounts).toHaveBeenLastCalledWith({});
    });
  });

  it('counts the readers who have the article open, anonymous ones included', async () => {
    const articleKey = freshArticleKey();
    const first = await reader(articleKey);
    await eventually(() => {
      expect(first.readers).toHaveBeenLastCalledWith(1);
    });
    const client = server.client();
    const stop = subscribeToArticleNews(client, articleKey, {
      comment: vi.fn(),
      commentHidden: vi.fn(),
      reactionCounts: vi.fn(),
      reconnected: vi.fn(),
    });
    await eventually(() => {
      expect(first.readers).toHaveBeenLastCalledWith(2);
    });
    stop();
    await eventually(() => {
      expect(first.readers).toHaveBeenLastCalledWith(1);
    });
  });

  it('a channel the server closed (its token refused) opens again, and the reader catches up', async () => {
    const articleKey = freshArticleKey();
    const client = server.client();
    const news = await reader(articleKey, client);
    // The server closes a channel whose token it refuses, as when a refresh came too late.
    await client.realtime.setAuth('not-a-valid-token');
    await eventually(() => {
      expect(news.connection).toHaveBeenLastCalledWith(false);
    });
    await client.realtime.setAuth(server.anonKey);
    await eventually(() => {
      expect(news.reconnected).toHaveBeenCalledTimes(1);
    });
    const author = await newMember(server);
    const id = randomUUID();
    await postComment(author.client, {
      id,
      articleKey,
      parentId: null,
      body: 'after',
      language: 'en',
    });
    await eventually(() => {
      expect(news.comment).toHaveBeenCalledWith(expect.objectContaining({ id, body: 'after' }));
    });
  });
});
