// Every joined channel of every socket, by topic: broadcast fan-out, presence per topic, and the
// subscriber list the change feed delivers to.
import type { Channel } from './channel.ts';
import { TopicPresence, type PresenceDiff, type PresenceState } from './presence.ts';
import type { BroadcastBody } from './protocol.ts';

export class Hub {
  readonly #topics = new Map<string, Set<Channel>>();
  readonly #presence = new Map<string, TopicPresence<Channel>>();

  add(channel: Channel): void {
    let channels = this.#topics.get(channel.topic);
    if (!channels) {
      channels = new Set();
      this.#topics.set(channel.topic, channels);
    }
    channels.add(channel);
  }

  /** Removes the channel; its presence leaves the topic. */
  remove(channel: Channel): void {
    channel.dispose();
    this.untrack(channel);
    const channels = this.#topics.get(channel.topic);
    channels?.delete(channel);
    if (channels?.size === 0) this.#topics.delete(channel.topic);
  }

  *channels(): Iterable<Channel> {
    for (const channels of this.#topics.values()) yield* channels;
  }

  get size(): number {
    let count = 0;
    for (const channels of this.#topics.values()) count += channels.size;
    return count;
  }

  /** Sends a user broadcast to every channel on the topic (the sender only with `self`). */
  broadcast(topic: string, body: BroadcastBody, sender?: Channel): number {
    let delivered = 0;
    for (const channel of this.#topics.get(topic) ?? []) {
      if (channel === sender && !channel.broadcastSelf) continue;
      channel.sendBroadcast(body);
      delivered++;
    }
    return delivered;
  }

  presenceState(topic: string): PresenceState {
    return this.#presence.get(topic)?.state() ?? {};
  }

  track(channel: Channel, payload: Record<string, unknown>): void {
    let presence = this.#presence.get(channel.topic);
    if (!presence) {
      presence = new TopicPresence();
      this.#presence.set(channel.topic, presence);
    }
    this.#sendDiff(channel.topic, presence.track(channel, channel.presenceKey, payload));
  }

  untrack(channel: Channel): void {
    const presence = this.#presence.get(channel.topic);
    const diff = presence?.untrack(channel);
    if (presence?.size === 0) this.#presence.delete(channel.topic);
    if (diff) this.#sendDiff(channel.topic, diff);
  }

  #sendDiff(topic: string, diff: PresenceDiff): void {
    for (const channel of this.#topics.get(topic) ?? []) {
      // Phoenix Presence buffers diffs until it has a state, so only channels that got one hear them.
      if (channel.presenceStateSent) channel.push('presence_diff', diff);
    }
  }
}
