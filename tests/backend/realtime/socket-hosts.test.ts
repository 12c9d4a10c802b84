// Sockets past one process's share (realtime/socket-hosts.ts): with two sockets per process, five
// readers are held by the backend and two helper processes, and they hear each other and the
// database as if all were in one; a helper that dies closes only its own sockets, whose clients
// reconnect, and a stopped backend leaves no helper behind.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketHostProcesses } from '../../../bench/lib/socket-host-processes.mjs';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { disconnect, Inbox, subscribe } from './support.ts';

/** This process's children that hold sockets for its backend. */
const socketHosts = () => socketHostProcesses().map((host) => host.pid);

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > 10_000) throw new Error(`waited 10 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('realtime sockets held by helper processes', () => {
  let server: TestServer;
  const readers: {
    client: SupabaseClient;
    channel: RealtimeChannel;
    inbox: Inbox<unknown>;
    presence: Inbox<Record<string, Record<string, unknown>[]>>;
  }[] = [];

  beforeAll(async () => {
    server = await startTestServer({ realtimeLimits: { socketsPerProcess: 2 } });
    // One after another, so that the first two are the backend's own.
    for (let n = 0; n < 5; n++) {
      const client = server.client();
      const inbox = new Inbox<unknown>();
      const presence = new Inbox<Record<string, Record<string, unknown>[]>>();
      const channel = client
        .channel('crowd', { config: { broadcast: { self: true, ack: true } } })
        .on('broadcast', { event: 'said' }, ({ payload }) => {
          inbox.push(payload);
        })
        .on('presence', { event: 'sync' }, () => {
          presence.push(channel.presenceState());
        });
      await subscribe(channel);
      readers.push({ client, channel, inbox, presence });
    }
  });
  let stopped = false;
  afterAll(async () => {
    if (stopped) return;
    await disconnect(...readers.map((reader) => reader.client));
    await server.stop();
  });

  it('holds readers past its share in helper processes, and every reader hears every other', async () => {
    expect(socketHosts()).toHaveLength(2);
    for (const [n, reader] of readers.entries()) {
      expect(await reader.channel.send({ type: 'broadcast', event: 'said', payload: { n } })).toBe(
        'ok',
      );
    }
    for (const reader of readers) {
      for (let n = 0; n < readers.length; n++) {
        await reader.inbox.next((payload) => (payload as { n: number }).n === n);
      }
    }
  });

  it('carries presence across processes', async () => {
    const [first, , , , last] = readers;
    if (!first || !last) throw new Error('five readers expected');
    expect(await last.channel.track({ name: 'hosted' })).toBe('ok');
    // The backend's own reader sees the hosted one arrive.
    await first.presence.next((state) =>
      Object.values(state).some((metas) => metas.some((meta) => meta['name'] === 'hosted')),
    );
  });

  it('closes only the sockets of a helper that dies; their clients join again', async () => {
    const [victim] = socketHosts();
    if (victim === undefined) throw new Error('no socket host');
    const joined = () => readers.filter((reader) => reader.channel.state === 'joined').length;
    process.kill(victim, 'SIGKILL');
    // Its readers lose their socket (realtime-js reconnects after a second), the others do not ...
    await until(() => joined() < readers.length, "the helper's readers to notice");
    expect(joined()).toBeGreaterThanOrEqual(3);
    // ... and join again, through a new helper.
    await until(() => joined() === readers.length, 'every channel joined again');
    expect(socketHosts()).toHaveLength(2);
    expect(socketHosts()).not.toContain(victim);
    await readers[4]?.channel.send({ type: 'broadcast', event: 'said', payload: { n: 99 } });
    for (const reader of readers) {
      await reader.inbox.next((payload) => (payload as { n: number }).n === 99);
    }
  });

  it('leaves no helper behind when the backend stops', async () => {
    await disconnect(...readers.map((reader) => reader.client));
    await server.stop();
    stopped = true;
    await until(() => socketHosts().length === 0, 'the helpers to exit');
  });
});
