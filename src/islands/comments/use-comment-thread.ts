import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import {
  editComment,
  fetchComment,
  loadPage,
  loadWindow,
  postComment,
  withdrawComment,
  type ListingQuery,
} from './data/comments-api';
import type { ApiFailure, ApiResult } from './data/results';
import type { Comment } from './state/comment';
import {
  initialThreadState,
  threadReducer,
  type LanguageFilter,
  type ThreadOrder,
} from './state/thread-state';

export type LoadStatus =
  { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; error: ApiFailure };

/**
 * The thread of one article: its state, the reader's actions, and the handlers the live news
 * feeds. Both paths end in the same reducer events.
 */
export function useCommentThread(
  client: SupabaseClient,
  articleKey: string,
  viewerId: string | null,
) {
  const [state, dispatch] = useReducer(threadReducer, undefined, () => initialThreadState());
  const [status, setStatus] = useState<LoadStatus>({ kind: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const latest = useRef(state);
  latest.current = state;
  const viewer = useRef(viewerId);
  viewer.current = viewerId;

  const query = useCallback(
    (): ListingQuery => ({
      articleKey,
      order: latest.current.order,
      languageFilter: latest.current.languageFilter,
    }),
    [articleKey],
  );

  const loadFirst = useCallback(async () => {
    setStatus({ kind: 'loading' });
    const result = await loadPage(client, query(), null);
    if (!result.ok) {
      setStatus({ kind: 'failed', error: result.error });
      return;
    }
    dispatch({ type: 'pageLoaded', ...result.value, reset: true });
    setStatus({ kind: 'ready' });
  }, [client, query]);

  // The first page, again whenever the order or the language filter changes (and on sign-in or
  // sign-out, which change what row level security shows: one's own and, for moderators, hidden
  // comments).
  useEffect(() => {
    void loadFirst();
  }, [loadFirst, state.order, state.languageFilter, viewerId]);

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    const result = await loadPage(client, query(), latest.current.cursor);
    setLoadingMore(false);
    if (result.ok) dispatch({ type: 'pageLoaded', ...result.value, reset: false });
    return result.ok ? null : result.error;
  }, [client, query]);

  /** Applies the answer to one's own action: the comment as the server now has it. */
  const received = useCallback((result: ApiResult<Comment>): ApiFailure | null => {
    if (!result.ok) return result.error;
    dispatch({ type: 'commentReceived', comment: result.value, live: false });
    return null;
  }, []);

  const actions = {
    loadMore,
    retry: loadFirst,
    setOrder: (order: ThreadOrder) => {
      dispatch({ type: 'orderChanged', order });
    },
    setLanguageFilter: (filter: LanguageFilter) => {
      dispatch({ type: 'languageFilterChanged', filter });
    },
    announced: () => {
      dispatch({ type: 'announced' });
    },
    post: async (fields: { id: string; parentId: string | null; body: string; language: string }) =>
      received(await postComment(client, { articleKey, ...fields })),
    edit: async (id: string, body: string) => received(await editComment(client, id, body)),
    withdraw: async (id: string) => received(await withdrawComment(client, id)),
    /** Moderators: hide or restore through the database functions, then show the new status. */
    moderate: async (id: string, action: 'hide_comment' | 'restore_comment') => {
      const { error } = await client.rpc(action, { comment_id: id });
      if (error) return { code: error.code, message: error.message, hint: error.hint };
      return refetch(id);
    },
  };

  /** Reads one comment again: it stays (with what the reader may see) or goes. */
  const refetch = useCallback(
    async (id: string): Promise<ApiFailure | null> => {
      const result = await fetchComment(client, id);
      if (!result.ok) return result.error;
      if (result.value === null) dispatch({ type: 'commentGone', id });
      else dispatch({ type: 'commentReceived', comment: result.value, live: false });
      return null;
    },
    [client],
  );

  const news = {
    comment: (comment: Comment) => {
      dispatch({ type: 'commentReceived', comment, live: comment.authorId !== viewer.current });
    },
    commentHidden: (id: string) => {
      void refetch(id);
    },
    reconnected: async () => {
      const current = latest.current;
      const result = await loadWindow(client, query(), current.cursor, current.hasMore);
      if (result.ok) dispatch({ type: 'windowReloaded', ...result.value });
    },
  };

  return { state, status, loadingMore, actions, news };
}
