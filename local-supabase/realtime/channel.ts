// One joined channel of one socket: its topic and join ref, the claims it subscribes with, its
// broadcast and presence settings and its postgres_changes bindings.
import { randomUUID } from 'node:crypto';
import type { Claims } from '../db/database.ts';
import type { ChannelAuth } from './auth.ts';
import { PUBLIC_ACCESS, type ChannelAccess } from './authorization.ts';
import type { PostgresBinding } from './changes/bindings.ts';
import type { ChangeData, ChangeSubscriber } from './changes/deliver.ts';
import type { BroadcastBody, PhoenixMessage } from './protocol.ts';

/** What a channel needs from its socket. */
export interface ChannelTransport {
  send(message: PhoenixMessage): void;
  sendChange(channel: Channel, ids: number[], data: ChangeData): void;
  sendBroadcast(channel: Channel, body: BroadcastBody): void;
}

export interface ChannelConfig {
  broadcastSelf: boolean;
  broadcastAck: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  /** `config.private`: authorized by the RLS policies on realtime.messages. */
  private: boolean;
}

/** Public and private channels of one name are separate rooms, as on hosted Realtime. */
export function roomKey(topic: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}|${topic}`;
}

/** setTimeout's ceiling: later expiries are not scheduled (such tokens outlive any test or session). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class Channel implements ChangeSubscriber {
  readonly transport: ChannelTransport;
  readonly topic: string;
  readonly joinRef: string;
  readonly broadcastSelf: boolean;
  readonly broadcastAck: boolean;
  readonly presenceKey: string;
  /** The client left the key empty, so the server chose a random one. */
  readonly presenceKeyAssigned: boolean;
  readonly private: boolean;
  /** What the policies allow (everything on a public channel); rechecked when the token changes. */
  access: ChannelAccess;
  presenceEnabled: boolean;
  presenceStateSent = false;
  bindings: readonly PostgresBinding[];
  #auth: ChannelAuth;
  #expiry: NodeJS.Timeout | undefined;
  #onExpired: (channel: Channel) => void;
  #onFailed: (channel: Channel, reason: string) => void;

  constructor(options: {
    transport: ChannelTransport;
    topic: string;
    joinRef: string;
    config: ChannelConfig;
    auth: ChannelAuth;
    access?: ChannelAccess;
    bindings: PostgresBinding[];
    onExpired: (channel: Channel) => void;
    onFailed: (channel: Channel, reason: string) => void;
  }) {
    this.transport = options.transport;
    this.topic = options.topic;
    this.joinRef = options.joinRef;
    this.broadcastSelf = options.config.broadcastSelf;
    this.broadcastAck = options.config.broadcastAck;
    this.presenceKey = options.config.presenceKey || randomUUID();
    this.presenceKeyAssigned = options.config.presenceKey === '';
    this.private = options.config.private;
    this.access = options.access ?? PUBLIC_ACCESS;
    this.presenceEnabled = options.config.presenceEnabled;
    this.bindings = options.bindings;
    this.#onExpired = options.onExpired;
    this.#onFailed = options.onFailed;
    this.#auth = options.auth;
    this.#scheduleExpiry();
  }

  /** The channel name without the `realtime:` prefix. */
  get subTopic(): string {
    return this.topic.replace(/^realtime:/, '');
  }

  get room(): string {
    return roomKey(this.topic, this.private);
  }

  get claims(): Claims {
    return this.#auth.claims;
  }

  /** Replaces the claims (a refreshed token, or the anon key after sign-out). */
  setAuth(auth: ChannelAuth): void {
    this.#auth = auth;
    this.#scheduleExpiry();
  }

  #scheduleExpiry(): void {
    clearTimeout(this.#expiry);
    this.#expiry = undefined;
    const expiresAt = this.#auth.expiresAt;
    if (expiresAt === undefined) return;
    const delay = expiresAt - Date.now();
    if (delay > MAX_TIMER_MS) return;
    this.#expiry = setTimeout(
      () => {
        this.#onExpired(this);
      },
      Math.max(0, delay),
    );
    this.#expiry.unref();
  }

  push(event: string, payload: unknown, ref: string | null = null): void {
    this.transport.send({ joinRef: this.joinRef, ref, topic: this.topic, event, payload });
  }

  sendChange(ids: number[], data: ChangeData): void {
    this.transport.sendChange(this, ids, data);
  }

  sendBroadcast(body: BroadcastBody): void {
    this.transport.sendBroadcast(this, body);
  }

  fail(reason: string): void {
    this.#onFailed(this, reason);
  }

  dispose(): void {
    clearTimeout(this.#expiry);
  }
}
