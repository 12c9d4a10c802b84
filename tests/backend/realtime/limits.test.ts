// Realtime's limits through supabase-js, on servers started with small ones: each refusal names
// Realtime's operational code and refuses only the request over the limit; a socket that stops
// reading is closed once its send buffer is full, while everyone else keeps receiving.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { disconnect, Inbox, subscribe } from './support.ts';

/** The first outcome of a join: SUBSCRIBED, or the server's reason. */
function joinOutcome(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) => {
    let settled = false;
    channel.subscribe((status, error) => {
      const state: string = status;
      if (settled) return;
      if (state === 'SUBSCRIBED' || state === 'CHANNEL_ERROR') {
        settled = true;
        resolve(state === 'SUBSCRIBED' ? state : (error?.message ?? state));
      }
    });
  });
}

describe('realtime limits', () => {
  let server: TestServer;
  const clients: SupabaseClient[] = [];
  const client = () => {
    const created = server.client();
    clients.push(created);
    return created;
  };

  beforeAll(async () => {
    server = await startTestServer({
      realtimeLimits: { maxConnections: 2, maxChannelsPerClient: 2, maxEventsPerSecond: 5 },
    });
  });
  afterAll(async () => {
    await disconnect(...clients);
    await server.stop();
  });

  it('refuses a channel over the per-client limit and a client over the connection limit', async () => {
    const first = client();
    expect(await joinOutcome(first.channel('a'))).toBe('SUBSCRIBED');
    expect(await joinOutcome(first.channel('b'))).toBe('SUBSCRIBED');
    expect(await joinOutcome(first.channel('c'))).toContain('ChannelRateLimitReached');
    await first.removeChannel(first.channel('c'));
    expect(await joinOutcome(client().channel('a'))).toBe('SUBSCRIBED');
    const third = client();
    expect(await joinOutcome(third.channel('a'))).toContain('ConnectionRateLimitReached');
    await third.removeAllChannels();
  });

  it('refuses messages over the per-second rate, and delivers the others', async () => {
    const [sender, receiver] = clients as [SupabaseClient, SupabaseClient];
    const inbox = new Inbox<unknown>();
    const listening = receiver.channel('burst');
    listening.on('broadcast', { event: 'burst' }, inbox.push);
    await sender.removeChannel(sender.channel('b'));
    const sending = sender.channel('burst', { config: { broadcast: { ack: true } } });
    await Promise.all([subscribe(listening), subscribe(sending)]);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        sending.send({ type: 'broadcast', event: 'burst', payload: { n } }),
      ),
    );
    const delivered = results.filter((result) => result === 'ok').length;
    expect(delivered).toBeGreaterThan(0);
    expect(delivered).toBeLessThan(12);
    await inbox.next(() => inbox.items.length === delivered);
  });
});

describe('realtime joins per second and backpressure', () => {
  let server: TestServer;
  const clients: SupabaseClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      realtimeLimits: { maxJoinsPerSecond: 3, maxSendBufferBytes: 256 * 1024 },
    });
  });
  afterAll(async () => {
    await disconnect(...clients);
    await server.stop();
  });

  it('refuses joins over the per-second rate', async () => {
    const many = server.client();
    clients.push(many);
    const outcomes = await Promise.all(
      ['j1', 'j2', 'j3', 'j4', 'j5'].map((name) => joinOutcome(many.channel(name))),
    );
    expect(outcomes.filter((outcome) => outcome === 'SUBSCRIBED').length).toBeLessThanOrEqual(3);
    expect(outcomes.some((outcome) => outcome.includes('ClientJoinRateLimitReached'))).toBe(true);
    await many.removeAllChannels();
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });

  it('closes a socket that stops reading, and keeps serving the others', async () => {
    const stalled = new WebSocket(
      `${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=2.0.0`,
    );
    await new Promise((resolve) => stalled.once('open', resolve));
    const joined = new Promise((resolve) => stalled.once('message', resolve));
    stalled.send(JSON.stringify(['1', '1', 'realtime:flood', 'phx_join', { config: {} }]));
    await joined;
    const closed = new Promise<number>((resolve) => stalled.once('close', resolve));
    stalled.pause();

    const sender = server.client();
    clients.push(sender);
    // The sender does not hear its own messages and waits for each acknowledgement: only the stalled
    // socket falls behind (a reader in this same process could otherwise lag past the small buffer).
    const flood = sender.channel('flood', { config: { broadcast: { ack: true } } });
    await subscribe(flood);
    const payload = { text: 'x'.repeat(64 * 1024) };
    // Far more than the 256 KB buffer plus what the kernel's socket buffers hold.
    for (let n = 0; n < 400; n++) {
      expect(
        await flood.send({ type: 'broadcast', event: 'big', payload: { ...payload, n } }),
      ).toBe('ok');
    }
    stalled.resume();
    expect([1008, 1006]).toContain(await closed);
    expect(await flood.send({ type: 'broadcast', event: 'small', payload: {} })).toBe('ok');
  });
});
