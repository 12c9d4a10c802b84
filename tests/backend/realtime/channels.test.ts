// Broadcast and presence through supabase-js: binary broadcast frames (the 2.0.0 default) and JSON
// ones (1.0.0), `self` and `ack`, the REST fallback, and presence joins and leaves between members.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { disconnect, Inbox, signIn, subscribe } from './support.ts';

interface Broadcast {
  event: string;
  payload?: unknown;
}

function listen(channel: RealtimeChannel, event: string): Inbox<Broadcast> {
  const inbox = new Inbox<Broadcast>();
  channel.on('broadcast', { event }, (message) => {
    inbox.push(message);
  });
  return inbox;
}

describe('broadcast and presence through supabase-js', () => {
  let server: TestServer;
  let alice: SupabaseClient;
  let bob: SupabaseClient;
  let legacy: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer();
    [alice, bob] = await Promise.all([signIn(server, 'member'), signIn(server, 'otherMember')]);
    legacy = server.client({ realtime: { vsn: '1.0.0' } });
  });
  afterAll(async () => {
    await disconnect(alice, bob, legacy);
    await server.stop();
  });

  it('fans a broadcast out to the room, back to the sender only with self, and acks it', async () => {
    const sender = alice.channel('room-1', { config: { broadcast: { self: true, ack: true } } });
    const senderInbox = listen(sender, 'cursor');
    const receiver = bob.channel('room-1');
    const receiverInbox = listen(receiver, 'cursor');
    const quiet = legacy.channel('room-1');
    const quietInbox = listen(quiet, 'cursor');
    await Promise.all([subscribe(sender), subscribe(receiver), subscribe(quiet)]);

    expect(await sender.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: 2 } })).toBe(
      'ok',
    );
    for (const inbox of [senderInbox, receiverInbox, quietInbox]) {
      expect(await inbox.next()).toMatchObject({ event: 'cursor', payload: { x: 1, y: 2 } });
    }

    // Without `self`, the sender does not hear itself (1.0.0 sends JSON text frames).
    await quiet.send({ type: 'broadcast', event: 'cursor', payload: { x: 3 } });
    await receiverInbox.next((message) => (message.payload as { x: number }).x === 3);
    await senderInbox.next((message) => (message.payload as { x: number }).x === 3);
    expect(quietInbox.items).toHaveLength(1);
  });

  it('carries binary payloads as binary frames', async () => {
    const sender = alice.channel('bytes');
    const receiver = bob.channel('bytes');
    const inbox = listen(receiver, 'blob');
    await Promise.all([subscribe(sender), subscribe(receiver)]);
    await sender.send({
      type: 'broadcast',
      event: 'blob',
      payload: Uint8Array.of(1, 2, 250).buffer,
    });
    const message = await inbox.next();
    expect(message.payload).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(message.payload as ArrayBuffer)]).toEqual([1, 2, 250]);
  });

  it('delivers a broadcast sent before joining through the REST fallback, and httpSend', async () => {
    const receiver = bob.channel('announcements');
    const inbox = listen(receiver, 'news');
    await subscribe(receiver);
    const notJoined = alice.channel('announcements');
    expect(await notJoined.send({ type: 'broadcast', event: 'news', payload: { n: 1 } })).toBe(
      'ok',
    );
    expect(await notJoined.httpSend('news', { n: 2 })).toEqual({ success: true });
    await inbox.next((message) => (message.payload as { n: number }).n === 2);
    expect(inbox.items.map((message) => message.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    await alice.removeChannel(notJoined);
  });

  it('answers the REST broadcast API with 202, and refuses a body without messages', async () => {
    const url = `${server.url}/realtime/v1/api/broadcast`;
    const headers = { apikey: server.anonKey, 'Content-Type': 'application/json' };
    const ok = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ messages: [{ topic: 'nobody-here', event: 'e', payload: {} }] }),
    });
    expect(ok.status).toBe(202);
    const bad = await fetch(url, { method: 'POST', headers, body: '{"messages": "no"}' });
    expect(bad.status).toBe(400);
    const noKey = await fetch(url, { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
  });

  it('shows who is present and tells the others when someone leaves', async () => {
    const aliceRoom = alice.channel('readers', { config: { presence: { key: 'alice' } } });
    const bobRoom = bob.channel('readers', { config: { presence: { key: 'bob' } } });
    const leaves = new Inbox<string>();
    const syncs = new Inbox<string[]>();
    aliceRoom
      .on('presence', { event: 'sync' }, () => {
        syncs.push(Object.keys(aliceRoom.presenceState()).sort());
      })
      .on('presence', { event: 'leave' }, ({ key }) => {
        leaves.push(key);
      });
    bobRoom.on('presence', { event: 'sync' }, () => undefined);
    await subscribe(aliceRoom);
    expect(await aliceRoom.track({ reading: 'unicode' })).toBe('ok');
    await subscribe(bobRoom);
    expect(await bobRoom.track({ reading: 'night-trains' })).toBe('ok');

    await syncs.next((keys) => keys.join() === 'alice,bob');
    expect(bobRoom.presenceState()['alice']?.[0]).toMatchObject({ reading: 'unicode' });

    await bob.removeChannel(bobRoom);
    expect(await leaves.next()).toBe('bob');
    expect(Object.keys(aliceRoom.presenceState())).toEqual(['alice']);

    expect(await aliceRoom.untrack()).toBe('ok');
    await syncs.next((keys) => keys.length === 0);
  });
});
