// Enforcement of Realtime's limits (config/realtime-limits.ts): refusals carry Realtime's operational
// codes so a client can tell them apart, and each refuses the one request over the limit; nobody
// else is slowed down.
import type { RealtimeLimits } from '../config/realtime-limits.ts';

export const refusals = {
  connections: 'ConnectionRateLimitReached: Too many connected users',
  channels: 'ChannelRateLimitReached: Too many channels',
  joins: 'ClientJoinRateLimitReached: Too many joins per second',
  messages: 'MessagePerSecondRateLimitReached: Too many messages per second',
} as const;

/** A fixed one-second window: at most `max` takes per window. */
export class PerSecond {
  readonly #max: number;
  #start = 0;
  #count = 0;

  constructor(max: number) {
    this.#max = max;
  }

  /** Counts one; false when this second is already full. */
  take(now = Date.now()): boolean {
    if (now - this.#start >= 1000) {
      this.#start = now;
      this.#count = 0;
    }
    if (this.#count >= this.#max) return false;
    this.#count += 1;
    return true;
  }
}

/** The project-wide counters every socket shares. */
export class RealtimeQuota<Socket> {
  readonly limits: RealtimeLimits;
  readonly joins: PerSecond;
  readonly messages: PerSecond;
  /** Sockets with at least one joined channel. */
  readonly connected = new Set<Socket>();

  constructor(limits: RealtimeLimits) {
    this.limits = limits;
    this.joins = new PerSecond(limits.maxJoinsPerSecond);
    this.messages = new PerSecond(limits.maxEventsPerSecond);
  }

  /** Why a socket with `channels` joined channels may not join one more, or null. */
  refuseJoin(socket: Socket, channels: number): string | null {
    if (!this.connected.has(socket) && this.connected.size >= this.limits.maxConnections) {
      return refusals.connections;
    }
    if (channels >= this.limits.maxChannelsPerClient) return refusals.channels;
    if (!this.joins.take()) return refusals.joins;
    return null;
  }
}
