import {
  REALTIME_SUBSCRIBE_STATES,
  type RealtimeChannel,
  type SupabaseClient,
} from '@supabase/supabase-js';

/**
 * Counts the readers who have the article open ("N reading now"), anonymous ones included, with
 * Realtime Presence on the private topic `article-presence:{key}` (its policies let everyone join
 * and track). Each open island is one presence entry under a random key, so two tabs count twice,
 * as two people reading would; nothing about the reader is shared.
 *
 * @returns the function that leaves (and so lowers everyone's count).
 */
export function trackReaders(
  client: SupabaseClient,
  articleKey: string,
  onCount: (count: number) => void,
): () => void {
  const channel: RealtimeChannel = client.channel(`article-presence:${articleKey}`, {
    config: { private: true, presence: { key: crypto.randomUUID() } },
  });
  channel.on('presence', { event: 'sync' }, () => {
    onCount(Object.keys(channel.presenceState()).length);
  });
  channel.subscribe((status) => {
    if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) void channel.track({});
  });
  return () => {
    void client.removeChannel(channel);
  };
}
