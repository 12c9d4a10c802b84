// One WebSocket: decodes frames, handles them strictly one after another (an async join must not let
// a later heartbeat or leave overtake it), and owns the socket's channels.
import type { RawData } from 'ws';
import type { Keys } from '../config/keys.ts';
import type { AccountChecks } from '../http/account.ts';
import type { Log } from '../http/log.ts';
import { authenticate, RealtimeAuthError, type ChannelAuth } from './auth.ts';
import {
  presenceKeyRefusal,
  PUBLIC_ACCESS,
  unauthorizedToRead,
  type ChannelAccess,
} from './authorization.ts';
import { BindingError, createBindings, recheckFilterColumns } from './changes/bindings.ts';
import type { ChangeData } from './changes/deliver.ts';
import type { TableCatalog } from './changes/tables.ts';
import { Channel, type ChannelConfig, type ChannelTransport } from './channel.ts';
import type { Hub } from './hub.ts';
import type { JoinChecks } from './join-checks.ts';
import { refusals, type RealtimeQuota } from './limits.ts';
import {
  decodeBinary,
  decodeText,
  encodeBroadcast,
  encodeBroadcastBinary,
  encodeChange,
  encodeText,
  ProtocolError,
  type BroadcastBody,
  type PhoenixMessage,
  type Vsn,
} from './protocol.ts';
import type { RealtimeSocket } from './socket-hosts.ts';

export interface ConnectionContext {
  hub: Hub;
  catalog: TableCatalog;
  /** Policy and filter checks of joins, many joins per round trip to the database. */
  checks: JoinChecks;
  /** Whether a user's token still names an account that exists and is not banned. */
  accounts: AccountChecks;
  keys: Keys;
  log: Log;
  quota: RealtimeQuota<Connection>;
}

type Payload = Record<string, unknown>;

function asRecord(value: unknown): Payload {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Payload)
    : {};
}

function readConfig(config: Payload): ChannelConfig {
  const broadcast = asRecord(config['broadcast']);
  const presence = asRecord(config['presence']);
  return {
    broadcastSelf: broadcast['self'] === true,
    broadcastAck: broadcast['ack'] === true,
    presenceKey: typeof presence['key'] === 'string' ? presence['key'] : '',
    presenceEnabled: presence['enabled'] === true,
    private: config['private'] === true,
  };
}

export class Connection implements ChannelTransport {
  readonly #ws: RealtimeSocket;
  readonly #vsn: Vsn;
  readonly #context: ConnectionContext;
  /** The apikey from the URL: the token of joins that carry no `access_token`. */
  readonly #apiKey: string | null;
  readonly #channels = new Map<string, Channel>();
  #tail: Promise<void> = Promise.resolve();
  #closing = false;
  lastSeen = Date.now();

  constructor(ws: RealtimeSocket, vsn: Vsn, apiKey: string | null, context: ConnectionContext) {
    this.#ws = ws;
    this.#vsn = vsn;
    this.#apiKey = apiKey;
    this.#context = context;
    ws.on('message', (data, isBinary) => {
      this.#receive(data, isBinary);
    });
    ws.on('close', () => {
      this.#closeAll();
    });
    ws.on('error', (error) => {
      context.log('socket error', error);
    });
  }

  #receive(data: RawData, isBinary: boolean): void {
    this.lastSeen = Date.now();
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    let message: PhoenixMessage;
    try {
      message = isBinary ? decodeBinary(bytes) : decodeText(bytes.toString('utf8'), this.#vsn);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      this.#context.log(`dropped a malformed frame: ${error.message}`);
      return;
    }
    this.#tail = this.#tail
      .then(() => this.#handle(message))
      .catch((error: unknown) => {
        this.#context.log('failed to handle a message', error);
        this.#reply(message, 'error', { reason: 'internal error' });
      });
  }

  send(message: PhoenixMessage): void {
    if (this.#writable()) this.#ws.send(encodeText(message, this.#vsn));
  }

  /** A `postgres_changes` message; its `data` is serialised once for all sockets (encodeChange). */
  sendChange(channel: Channel, ids: number[], data: ChangeData): void {
    if (!this.#writable()) return;
    const envelope = { joinRef: channel.joinRef, ref: null, topic: channel.topic };
    this.#ws.send(encodeChange(envelope, ids, data, this.#vsn));
  }

  /**
   * Backpressure: a client that stops reading cannot grow server memory without bound. Once more than
   * `maxSendBufferBytes` wait for it, the socket is closed (1008, which realtime-js reports as a
   * channel error before it reconnects) and cut off if it does not answer the close.
   */
  #writable(): boolean {
    if (this.#closing || this.#ws.readyState !== this.#ws.OPEN) return false;
    if (this.#ws.bufferedAmount <= this.#context.quota.limits.maxSendBufferBytes) return true;
    this.#context.log(
      `closing a socket that stopped reading (${String(this.#ws.bufferedAmount)} bytes queued)`,
    );
    this.close(1008, 'send buffer full: the client is not reading');
    return false;
  }

  /**
   * Broadcasts that arrived as binary frames go out as binary frames (kind 4) on vsn 2.0.0, the
   * rest as JSON text; a vsn 1.0.0 socket cannot carry raw bytes, so it misses those.
   */
  sendBroadcast(channel: Channel, body: BroadcastBody): void {
    if (!this.#writable()) return;
    if (this.#vsn === '2.0.0' && (body.fromBinaryFrame || body.binary)) {
      this.#ws.send(encodeBroadcastBinary(channel.topic, body));
      return;
    }
    if (body.binary) return;
    const envelope = { joinRef: channel.joinRef, ref: null, topic: channel.topic };
    this.#ws.send(encodeBroadcast(envelope, body, this.#vsn));
  }

  #reply(message: PhoenixMessage, status: 'ok' | 'error', response: unknown): void {
    this.send({
      joinRef: message.joinRef,
      ref: message.ref,
      topic: message.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  async #handle(message: PhoenixMessage): Promise<void> {
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.#reply(message, 'ok', {});
      return;
    }
    if (message.event === 'phx_join') {
      await this.#join(message);
      return;
    }
    const channel = this.#channels.get(message.topic);
    if (!channel || (message.joinRef !== null && message.joinRef !== channel.joinRef)) {
      this.#reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    const payload = asRecord(message.payload);
    switch (message.event) {
      case 'phx_leave':
        this.#reply(message, 'ok', {});
        this.#leave(channel);
        return;
      case 'access_token':
        await this.#changeToken(channel, message, payload);
        return;
      case 'broadcast':
        this.#broadcast(channel, message, message.payload);
        return;
      case 'presence':
        this.#presence(channel, message, payload);
        return;
      default:
        this.#reply(message, 'error', { reason: `unknown event "${message.event}"` });
    }
  }

  async #join(message: PhoenixMessage): Promise<void> {
    const { topic } = message;
    const joinRef = message.joinRef ?? message.ref ?? '';
    if (!topic.startsWith('realtime:')) {
      this.#reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    const existing = this.#channels.get(topic);
    if (existing) this.#leave(existing);
    const refusal = this.#context.quota.refuseJoin(this, this.#channels.size);
    if (refusal) {
      this.#reply(message, 'error', { reason: refusal });
      return;
    }
    const payload = asRecord(message.payload);
    const config = asRecord(payload['config']);
    const channelConfig = readConfig(config);
    const token = [payload['access_token'], payload['user_token'], this.#apiKey].find(
      (value): value is string => typeof value === 'string' && value !== '',
    );
    let channel: Channel;
    try {
      if (!token) throw new RealtimeAuthError('No access token: pass the apikey or access_token');
      const auth = await authenticate(token, this.#context.keys, this.#context.accounts);
      const access = await this.#authorize(topic, channelConfig.private, auth);
      const bindings = await createBindings(
        config['postgres_changes'],
        this.#context.catalog,
        this.#context.checks,
        auth.claims.role,
      );
      channel = new Channel({
        transport: this,
        topic,
        joinRef,
        config: channelConfig,
        auth,
        access,
        bindings,
        onExpired: (expired) => {
          this.#expire(expired, 'Token has expired 0 seconds ago');
        },
        onFailed: (failed, reason) => {
          this.#fail(failed, reason);
        },
      });
    } catch (error) {
      if (error instanceof RealtimeAuthError || error instanceof BindingError) {
        this.#reply(message, 'error', { reason: error.message });
        return;
      }
      throw error;
    }
    this.#channels.set(topic, channel);
    this.#context.hub.add(channel);
    this.#context.quota.connected.add(this);
    this.#reply(message, 'ok', {
      postgres_changes: channel.bindings.map((binding) => ({ id: binding.id, ...binding.echo })),
    });
    if (channel.bindings.length > 0) {
      channel.push('system', {
        message: 'Subscribed to PostgreSQL',
        status: 'ok',
        extension: 'postgres_changes',
        channel: channel.subTopic,
      });
    }
    if (channel.presenceEnabled) this.#sendPresenceState(channel);
  }

  /** Public channels allow everything; a private one must at least be readable to be joined. */
  async #authorize(topic: string, isPrivate: boolean, auth: ChannelAuth): Promise<ChannelAccess> {
    if (!isPrivate) return PUBLIC_ACCESS;
    const subTopic = topic.replace(/^realtime:/, '');
    const access = await this.#context.checks.access(subTopic, auth.claims);
    // A policy that raised: Realtime's code for it, with the database's message.
    if ('error' in access) throw new RealtimeAuthError(`RlsPolicyError: ${access.error}`);
    if (!access.broadcastRead && !access.presenceRead) {
      throw new RealtimeAuthError(unauthorizedToRead(subTopic));
    }
    return access;
  }

  #sendPresenceState(channel: Channel): void {
    if (!channel.access.presenceRead) return;
    channel.push('presence_state', this.#context.hub.presenceState(channel));
    channel.presenceStateSent = true;
  }

  async #changeToken(channel: Channel, message: PhoenixMessage, payload: Payload): Promise<void> {
    const token = payload['access_token'];
    if (typeof token !== 'string' || token === '') {
      this.#reply(message, 'error', { reason: 'access_token must be a string' });
      return;
    }
    try {
      const auth = await authenticate(token, this.#context.keys, this.#context.accounts);
      // A private channel's permissions follow the new claims (e.g. the anon key after sign-out).
      channel.access = await this.#authorize(channel.topic, channel.private, auth);
      // Realtime subscribes again with the new claims: a filter on a column the new role may not
      // select fails it (and the client's rejoin is refused with the reason), never goes silent.
      const refusal = await recheckFilterColumns(
        channel.bindings,
        this.#context.catalog,
        auth.claims.role,
      );
      this.#reply(message, 'ok', {});
      if (refusal) {
        this.#fail(channel, refusal);
        return;
      }
      channel.setAuth(auth);
    } catch (error) {
      if (!(error instanceof RealtimeAuthError)) throw error;
      this.#reply(message, 'error', { reason: error.message });
      this.#expire(channel, error.message);
    }
  }

  /** A channel whose token expired or was refused: a system error, then the channel closes. */
  #expire(channel: Channel, reason: string): void {
    if (this.#channels.get(channel.topic) !== channel) return;
    channel.push('system', {
      message: reason,
      status: 'error',
      extension: 'system',
      channel: channel.subTopic,
    });
    this.#leave(channel);
  }

  /**
   * Changes could not be delivered to this channel: Realtime's system error, then `phx_error`, which
   * makes the client rejoin (after 1, 2, 5, 10 s) and so resubscribe; the islands refetch on rejoin.
   */
  #fail(channel: Channel, reason: string): void {
    if (this.#channels.get(channel.topic) !== channel) return;
    channel.push('system', {
      message: reason,
      status: 'error',
      extension: 'postgres_changes',
      channel: channel.subTopic,
    });
    channel.push('phx_error', {});
    this.#channels.delete(channel.topic);
    this.#context.hub.remove(channel);
    if (this.#channels.size === 0) this.#context.quota.connected.delete(this);
  }

  /** Over the project's message rate: this message is refused, with the reason. */
  #overMessageRate(channel: Channel, message: PhoenixMessage, ack: boolean): boolean {
    if (this.#context.quota.messages.take()) return false;
    if (ack) this.#reply(message, 'error', { reason: refusals.messages });
    else {
      channel.push('system', {
        message: refusals.messages,
        status: 'error',
        extension: 'system',
        channel: channel.subTopic,
      });
    }
    return true;
  }

  #broadcast(channel: Channel, message: PhoenixMessage, raw: unknown): void {
    const payload = asRecord(raw);
    const event = payload['event'];
    if (typeof event !== 'string') {
      this.#reply(message, 'error', { reason: 'broadcast needs an event' });
      return;
    }
    const meta = payload['meta'];
    const body: BroadcastBody = {
      event,
      payload: payload['payload'] ?? {},
      binary: payload['payload'] instanceof Uint8Array,
      fromBinaryFrame: payload['fromBinaryFrame'] === true,
      ...(meta && typeof meta === 'object' ? { meta: meta as Record<string, unknown> } : {}),
    };
    if (!channel.access.broadcastWrite) {
      // Hosted Realtime drops it too; an ack request learns it was refused.
      if (channel.broadcastAck) {
        this.#reply(message, 'error', {
          reason: `You do not have permissions to write to this Channel topic: ${channel.subTopic}`,
        });
      }
      return;
    }
    if (this.#overMessageRate(channel, message, channel.broadcastAck)) return;
    this.#context.hub.broadcast(channel.topic, channel.private, body, channel);
    if (channel.broadcastAck) this.#reply(message, 'ok', {});
  }

  #presence(channel: Channel, message: PhoenixMessage, payload: Payload): void {
    if (payload['event'] === 'track') {
      const refusal = channel.access.presenceWrite
        ? channel.private
          ? presenceKeyRefusal(channel.presenceKey, channel.claims, channel.presenceKeyAssigned)
          : null
        : `You do not have permissions to track presence on this Channel topic: ${channel.subTopic}`;
      if (refusal) {
        this.#reply(message, 'error', { reason: refusal });
        return;
      }
    }
    if (this.#overMessageRate(channel, message, true)) return;
    if (!channel.presenceStateSent) {
      channel.presenceEnabled = true;
      this.#sendPresenceState(channel);
    }
    if (payload['event'] === 'track') {
      this.#context.hub.track(channel, asRecord(payload['payload']));
    } else if (payload['event'] === 'untrack') {
      this.#context.hub.untrack(channel);
    } else {
      this.#reply(message, 'error', { reason: 'presence event must be track or untrack' });
      return;
    }
    this.#reply(message, 'ok', {});
  }

  #leave(channel: Channel): void {
    this.#channels.delete(channel.topic);
    this.#context.hub.remove(channel);
    if (this.#channels.size === 0) this.#context.quota.connected.delete(this);
    channel.push('phx_close', {});
  }

  #closeAll(): void {
    for (const channel of this.#channels.values()) this.#context.hub.remove(channel);
    this.#channels.clear();
    this.#context.quota.connected.delete(this);
  }

  /** Closes with a close frame; a client that does not answer it within a second is cut off. */
  close(code = 1001, reason = 'server shutting down'): void {
    if (this.#closing) return;
    this.#closing = true;
    this.#closeAll();
    this.#ws.close(code, reason);
    setTimeout(() => {
      this.#ws.terminate();
    }, 1000).unref();
  }
}
