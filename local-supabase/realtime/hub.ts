// Every joined channel of every socket, by room (topic plus public/private): broadcast fan-out,
// presence per room, and the subscriber list the change feed delivers to. On a private channel the
// access its policies granted decides what it hears.
import { roomKey, type Channel } from './channel.ts';
import { TopicPresence, type PresenceDiff, type PresenceState } from './presence.ts';
import type { BroadcastBody } from './protocol.ts';

export class Hub {
  readonly #rooms = new Map<string, Set<Channel>>();
  readonly #presence = new Map<string, TopicPresence<Channel>>();

  add(channel: Channel): void {
    let channels = this.#rooms.get(channel.room);
    if (!channels) {
      channels = new Set();
      this.#rooms.set(channel.room, channels);
    }
    channels.add(channel);
  }

  /** Removes the channel; its presence leaves the room. */
  remove(channel: Channel): void {
    channel.dispose();
    this.untrack(channel);
    const channels = this.#rooms.get(channel.room);
    channels?.delete(channel);
    if (channels?.size === 0) this.#rooms.delete(channel.room);
  }

  *channels(): Iterable<Channel> {
    for (const channels of this.#rooms.values()) yield* channels;
  }

  get size(): number {
    let count = 0;
    for (const channels of this.#rooms.values()) count += channels.size;
    return count;
  }

  /**
   * Sends a broadcast to every channel of the room that may read broadcasts (the sender only with
   * `self`). `topic` is the full `realtime:<name>` topic.
   */
  broadcast(topic: string, isPrivate: boolean, body: BroadcastBody, sender?: Channel): number {
    let delivered = 0;
    for (const channel of this.#rooms.get(roomKey(topic, isPrivate)) ?? []) {
      if (channel === sender && !channel.broadcastSelf) continue;
      if (!channel.access.broadcastRead) continue;
      channel.sendBroadcast(body);
      delivered++;
    }
    return delivered;
  }

  presenceState(channel: Channel): PresenceState {
    return this.#presence.get(channel.room)?.state() ?? {};
  }

  track(channel: Channel, payload: Record<string, unknown>): void {
    let presence = this.#presence.get(channel.room);
    if (!presence) {
      presence = new TopicPresence();
      this.#presence.set(channel.room, presence);
    }
    this.#sendDiff(channel.room, presence.track(channel, channel.presenceKey, payload));
  }

  untrack(channel: Channel): void {
    const presence = this.#presence.get(channel.room);
    const diff = presence?.untrack(channel);
    if (presence?.size === 0) this.#presence.delete(channel.room);
    if (diff) this.#sendDiff(channel.room, diff);
  }

  #sendDiff(room: string, diff: PresenceDiff): void {
    for (const channel of this.#rooms.get(room) ?? []) {
      // Phoenix Presence buffers diffs until it has a state, so only channels that got one hear them.
      if (channel.presenceStateSent && channel.access.presenceRead) {
        channel.push('presence_diff', diff);
      }
    }
  }
}
