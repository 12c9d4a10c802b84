import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { loadMyReactions, loadReactionCounts, setReaction } from './data/article-api';
import type { ApiFailure } from './data/results';
import {
  initialReactionsState,
  reactionsReducer,
  type ReactionKind,
} from './state/reactions-state';

/** Reaction counts (live) and the member's own reactions, toggled optimistically. */
export function useReactions(client: SupabaseClient, articleKey: string, viewerId: string | null) {
  const [state, dispatch] = useReducer(reactionsReducer, undefined, initialReactionsState);
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => {
    const run = { current: true };
    void (async () => {
      const counts = await loadReactionCounts(client, articleKey);
      const mine = viewerId ? await loadMyReactions(client, articleKey, viewerId) : null;
      if (!run.current || !counts.ok) return;
      if (viewerId === null) dispatch({ type: 'signedOut' });
      dispatch({
        type: 'countsLoaded',
        counts: counts.value,
        ...(mine?.ok ? { mine: mine.value } : {}),
      });
    })();
    return () => {
      run.current = false;
    };
  }, [client, articleKey, viewerId]);

  const toggle = useCallback(
    async (kind: ReactionKind): Promise<ApiFailure | null> => {
      if (latest.current.pending[kind]) return null;
      const on = !latest.current.mine[kind];
      dispatch({ type: 'toggleStarted', kind });
      const result = await setReaction(client, articleKey, kind, on);
      dispatch({ type: result.ok ? 'toggleSucceeded' : 'toggleFailed', kind });
      return result.ok ? null : result.error;
    },
    [client, articleKey],
  );

  const countsArrived = useCallback((counts: Partial<Record<ReactionKind, number>>) => {
    dispatch({ type: 'countsLoaded', counts });
  }, []);

  return { state, toggle, countsArrived };
}
