import {
  REALTIME_SUBSCRIBE_STATES,
  type RealtimeChannel,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { commentFromRow, type Comment, type CommentRow } from '../state/comment';
import { isReactionKind, type ReactionKind } from '../state/reactions-state';

/**
 * What the island hears about its article while it is open. This module is the only place that
 * knows how the news travels (today: Broadcast from Database on the private topic
 * `article:{key}`, see supabase/migrations/20261125110100_article_news.sql, authorized by the
 * policies of 20261125140000_article_live_channels.sql), so the path can be switched without
 * touching the island. The same channel carries presence: each open island is one entry under a
 * random key, so anonymous readers count and nothing about the reader is shared.
 */
export interface ArticleNewsHandlers {
  /** A comment as every reader may see it now: visible, or a tombstone. */
  comment(comment: Comment): void;
  /** A comment was hidden: readers drop it; moderators and its author refetch it. */
  commentHidden(id: string): void;
  reactionCounts(counts: Partial<Record<ReactionKind, number>>): void;
  /**
   * The subscription is live again after a drop (network, server restart, a delivery error):
   * news sent meanwhile was missed, so read again what is on screen.
   */
  reconnected(): void;
  /** How many readers have the article open ("N reading now"), this one included. */
  readers?(count: number): void;
  /** Whether news is flowing, for an unobtrusive "live"/"reconnecting" hint. */
  connection?(live: boolean): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads a `comment` broadcast; anything malformed is ignored rather than shown. */
export function readCommentNews(
  payload: unknown,
): { kind: 'comment'; comment: Comment } | { kind: 'hidden'; id: string } | null {
  if (!isRecord(payload)) return null;
  if (payload['status'] === 'hidden' && typeof payload['comment_id'] === 'string') {
    return { kind: 'hidden', id: payload['comment_id'] };
  }
  const row = payload['comment'];
  if (!isRecord(row) || typeof row['id'] !== 'string' || typeof row['body'] !== 'string') {
    return null;
  }
  return { kind: 'comment', comment: commentFromRow(row as unknown as CommentRow) };
}

/** Reads a `reactions` broadcast. */
export function readReactionNews(payload: unknown): Partial<Record<ReactionKind, number>> | null {
  if (!isRecord(payload) || !isRecord(payload['counts'])) return null;
  const counts: Partial<Record<ReactionKind, number>> = {};
  for (const [kind, count] of Object.entries(payload['counts'])) {
    if (isReactionKind(kind) && typeof count === 'number') counts[kind] = count;
  }
  return counts;
}

/** Longest wait before opening a channel again after the server closed it. */
const MAX_REOPEN_DELAY_MS = 30_000;

/**
 * Subscribes to the article's news; returns the function that ends the subscription.
 *
 * realtime-js rejoins a channel by itself after an error or a timeout, but never one the server
 * closed (`phx_close`: its token expired before a refresh reached it, or was refused). Such a
 * channel would look connected and hear nothing, so this opens a new one, after 1, 2, 4 … 30 s,
 * and tells the island it missed news when it is live again.
 *
 * @example const stop = subscribeToArticleNews(client, 'article-1', handlers); … stop();
 */
export function subscribeToArticleNews(
  client: SupabaseClient,
  articleKey: string,
  handlers: ArticleNewsHandlers,
): () => void {
  let joinedBefore = false;
  let stopped = false;
  let reopenAttempts = 0;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let channel: RealtimeChannel;

  const open = (): void => {
    const current: RealtimeChannel = client
      .channel(`article:${articleKey}`, {
        // Not a bare UUID: a presence key shaped like a user id must be the caller's own id (the
        // local backend refuses others), and a reader is counted, not named.
        config: { private: true, presence: { key: `reader-${crypto.randomUUID()}` } },
      })
      .on('broadcast', { event: 'comment' }, ({ payload }) => {
        const news = readCommentNews(payload);
        if (news?.kind === 'comment') handlers.comment(news.comment);
        else if (news?.kind === 'hidden') handlers.commentHidden(news.id);
      })
      .on('broadcast', { event: 'reactions' }, ({ payload }) => {
        const counts = readReactionNews(payload);
        if (counts) handlers.reactionCounts(counts);
      })
      .on('presence', { event: 'sync' }, () => {
        handlers.readers?.(Object.keys(current.presenceState()).length);
      });
    channel = current;
    current.subscribe((status) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) {
        reopenAttempts = 0;
        handlers.connection?.(true);
        void current.track({});
        if (joinedBefore) handlers.reconnected();
        joinedBefore = true;
        return;
      }
      handlers.connection?.(false);
      if (status === REALTIME_SUBSCRIBE_STATES.CLOSED && !stopped && channel === current) {
        const delay = Math.min(MAX_REOPEN_DELAY_MS, 1_000 * 2 ** reopenAttempts);
        reopenAttempts += 1;
        reopenTimer = setTimeout(open, delay);
      }
    });
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(reopenTimer);
    void client.removeChannel(channel);
  };
}
