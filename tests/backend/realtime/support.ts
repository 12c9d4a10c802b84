// Helpers for realtime suites: waiting for a channel to subscribe, and an inbox of received events
// that a test can wait on. Absence is shown by order (changes reach a subscriber in commit order), so
// tests wait for a later event they do expect instead of sleeping.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';

export { demoUsers, signIn } from '../storage/support.ts';

const WAIT_MS = 10_000;

/** Subscribes and resolves once SUBSCRIBED; rejects with the server's reason otherwise. */
export function subscribe(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      const state: string = status;
      if (state === 'SUBSCRIBED') resolve(channel);
      else if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') {
        reject(error ?? new Error(state));
      }
    });
  });
}

/** Everything one listener received, in order. */
export class Inbox<T> {
  readonly items: T[] = [];
  #waiters: { test: (item: T) => boolean; resolve: (item: T) => void }[] = [];

  readonly push = (item: T): void => {
    this.items.push(item);
    this.#waiters = this.#waiters.filter((waiter) => {
      if (!waiter.test(item)) return true;
      waiter.resolve(item);
      return false;
    });
  };

  /** The first item (already received or still to come) that passes `test`. */
  next(test: (item: T) => boolean = () => true, timeoutMs = WAIT_MS): Promise<T> {
    const found = this.items.find(test);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`no matching event within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#waiters.push({
        test,
        resolve: (item) => {
          clearTimeout(timer);
          resolve(item);
        },
      });
    });
  }
}

/** Closes every channel and the socket of each client, so the server stops promptly. */
export async function disconnect(...clients: SupabaseClient[]): Promise<void> {
  await Promise.all(clients.map((client) => client.removeAllChannels()));
  await Promise.all(clients.map((client) => client.realtime.disconnect()));
}
