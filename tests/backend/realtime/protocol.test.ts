// The Phoenix protocol as the server speaks it, seen on the wire: reply shapes and order, both
// serializers, tokens that expire or are refused, malformed frames, and heartbeats that keep
// flowing while the database is busy with a slow query.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userClaims } from '../helpers/database.ts';
import { articles } from '../rls/demo.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { RawSocket } from './raw-socket.ts';
import { demoUsers } from './support.ts';

describe('the realtime wire protocol', () => {
  let server: TestServer;
  const sockets: RawSocket[] = [];

  async function open(vsn: '1.0.0' | '2.0.0' = '2.0.0') {
    const socket = await RawSocket.open(server.url, server.anonKey, vsn);
    sockets.push(socket);
    return socket;
  }

  async function memberToken(expiresInSeconds: number) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...userClaims(demoUsers.member.id), exp: now + expiresInSeconds })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(server.server.keys.jwtSecret));
  }

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await server.stop();
  });

  it('answers a join with the bindings echoed in order, then "Subscribed to PostgreSQL"', async () => {
    const socket = await open();
    const bindings = [
      { event: 'INSERT', schema: 'public', table: 'comments' },
      { event: '*', schema: 'public', table: 'reactions', filter: 'kind=eq.like' },
    ];
    const { status, response, reply } = await socket.request('realtime:feed', 'phx_join', {
      config: {
        broadcast: { self: false },
        presence: { enabled: false },
        postgres_changes: bindings,
      },
      access_token: server.anonKey,
    });
    expect(status).toBe('ok');
    const echoed = (response as { postgres_changes: Record<string, unknown>[] }).postgres_changes;
    expect(echoed).toEqual(
      bindings.map((binding) => ({ ...binding, id: expect.any(Number) as number })),
    );
    expect(echoed.every((binding) => Number.isInteger(binding['id']))).toBe(true);
    expect(new Set(echoed.map((binding) => binding['id'])).size).toBe(2);
    const system = await socket.frames.next((f) => f.event === 'system');
    expect(system.at).toBeGreaterThanOrEqual(reply.at);
    expect(system).toMatchObject({
      topic: 'realtime:feed',
      joinRef: reply.ref,
      ref: null,
      payload: { message: 'Subscribed to PostgreSQL', status: 'ok', extension: 'postgres_changes' },
    });
  });

  it('speaks vsn 1.0.0 in JSON objects, with presence_state right after the join', async () => {
    const socket = await open('1.0.0');
    const { status } = await socket.request('realtime:lobby', 'phx_join', {
      config: { presence: { key: 'k', enabled: true } },
    });
    expect(status).toBe('ok');
    const state = await socket.frames.next((f) => f.event === 'presence_state');
    expect(state.payload).toEqual({});
    const heartbeat = await socket.request('phoenix', 'heartbeat', {});
    expect(heartbeat).toMatchObject({ status: 'ok', response: {} });
  });

  it('sends a change to each subscriber in its own envelope, byte for byte as its serializer writes it', async () => {
    // The change's JSON is made once and spliced into each socket's frame: the frame must be exactly
    // what serialising the whole message gives, in both serializers, even for a topic that holds the
    // text the splice stands in for.
    const topic = 'realtime:"\u0000change\u0000';
    const config = {
      config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'comments' }] },
      access_token: server.anonKey,
    };
    const subscribers = [await open('2.0.0'), await open('1.0.0'), await open('2.0.0')];
    for (const socket of subscribers) {
      expect((await socket.request(topic, 'phx_join', config)).status).toBe('ok');
      await socket.frames.next((f) => f.event === 'system');
    }
    const body = 'Ein "Zug" \u2028 nach Zürich 🚆';
    await server.server.db.query(
      `insert into public.comments (article_key, author_id, body, language)
       values ($1, $2, $3, 'de')`,
      [articles.nightTrains, demoUsers.otherMember.id, body],
    );
    const frames = await Promise.all(
      subscribers.map((socket) => socket.frames.next((f) => f.event === 'postgres_changes')),
    );
    frames.forEach((frame, index) => {
      expect((frame.payload['data'] as { record: { body: string } }).record.body).toBe(body);
      const { joinRef, payload } = frame;
      const event = 'postgres_changes';
      expect(frame.text).toBe(
        JSON.stringify(
          index === 1
            ? { join_ref: joinRef, ref: null, topic, event, payload }
            : [joinRef, null, topic, event, payload],
        ),
      );
    });
  });

  it('answers messages for a topic it never joined with an error', async () => {
    const socket = await open();
    const { status, response } = await socket.request('realtime:nowhere', 'broadcast', {
      type: 'broadcast',
      event: 'x',
      payload: {},
    });
    expect(status).toBe('error');
    expect(response).toEqual({ reason: 'unmatched topic' });
  });

  it('ignores malformed frames and keeps serving the socket', async () => {
    const socket = await open();
    socket.sendRaw('not json');
    socket.sendRaw('[1, 2]');
    socket.sendRaw('{"topic": 3}');
    socket.sendRaw(Uint8Array.of(9, 9, 9));
    socket.sendRaw(Uint8Array.of(3, 200, 200, 200, 200, 200, 1));
    const { status } = await socket.request('phoenix', 'heartbeat', {});
    expect(status).toBe('ok');
  });

  it('refuses a join with an expired token, with the reason', async () => {
    const socket = await open();
    const { status, response } = await socket.request('realtime:late', 'phx_join', {
      config: {},
      access_token: await memberToken(-30),
    });
    expect(status).toBe('error');
    expect((response as { reason: string }).reason).toMatch(/^Token has expired \d+ seconds ago$/);
  });

  it('closes a channel with a system error when its token expires or a bad one is pushed', async () => {
    const socket = await open();
    const join = await socket.request('realtime:short', 'phx_join', {
      config: {},
      access_token: await memberToken(1),
    });
    expect(join.status).toBe('ok');
    const system = await socket.frames.next(
      (f) => f.topic === 'realtime:short' && f.event === 'system',
      5000,
    );
    expect(system.payload).toMatchObject({ status: 'error', extension: 'system' });
    expect(system.payload['message']).toMatch(/Token has expired/);
    await socket.frames.next((f) => f.topic === 'realtime:short' && f.event === 'phx_close');

    const second = await socket.request('realtime:bad-token', 'phx_join', { config: {} });
    const pushed = await socket.request(
      'realtime:bad-token',
      'access_token',
      { access_token: 'not.a.jwt' },
      second.ref,
    );
    expect(pushed.status).toBe('error');
    await socket.frames.next((f) => f.topic === 'realtime:bad-token' && f.event === 'phx_close');
  });

  it('refuses the upgrade without a valid apikey', async () => {
    expect(await RawSocket.refusal(server.url, 'vsn=2.0.0')).toBe(401);
    expect(await RawSocket.refusal(server.url, 'apikey=wrong&vsn=2.0.0')).toBe(401);
  });

  it('keeps answering heartbeats while a slow query holds the database', async () => {
    const socket = await open();
    const started = performance.now();
    const slow = server.server.db.query('select pg_sleep(2)').then(() => performance.now());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const replies: { latency: number; at: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = performance.now();
      const { reply } = await socket.request('phoenix', 'heartbeat', {});
      replies.push({ latency: reply.at - sent, at: reply.at });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const finished = await slow;
    expect(finished - started).toBeGreaterThan(1900);
    // Every reply arrived while the query was still running, and quickly.
    expect(Math.max(...replies.map((reply) => reply.at))).toBeLessThan(finished);
    expect(Math.max(...replies.map((reply) => reply.latency))).toBeLessThan(1000);
  });
});
