// Graceful stop: a request in flight when the server is told to stop finishes, is answered and its
// write is kept; new connections are refused; realtime sockets get a close frame; then the database
// closes (no "The database is closed" for anything that was admitted).
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { bytesOf } from '../storage/support.ts';

const started: TestServer[] = [];
afterAll(async () => {
  for (const server of started) await server.stop();
});

/** A request body that arrives in pieces: the first now, the rest when `finish()` is called. */
function slowBody(bytes: Uint8Array) {
  let finish: () => void = () => undefined;
  const rest = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const half = Math.floor(bytes.byteLength / 2);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(bytes.slice(0, half));
      await rest;
      controller.enqueue(bytes.slice(half));
      controller.close();
    },
  });
  return { body, finish };
}

/**
 * Starts an upload whose body arrives in two halves: the first now, the second on `finish()`. It is
 * admitted (its first half is on the server) when this resolves.
 */
async function uploadInHalves(server: TestServer, path: string, bytes: Uint8Array) {
  const { body, finish } = slowBody(bytes);
  const response = fetch(`${server.url}/storage/v1/object/${path}`, {
    method: 'POST',
    headers: {
      apikey: server.serviceKey,
      Authorization: `Bearer ${server.serviceKey}`,
      'Content-Type': 'application/octet-stream',
    },
    body,
    duplex: 'half',
  } as RequestInit);
  // Settled either way at once, so that a cut connection is a result, not an unhandled rejection.
  const outcome = response.then(
    (answer) => answer,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { outcome, finish };
}

describe('a graceful stop', () => {
  it('answers the upload in flight, keeps it, refuses new connections and closes sockets with a close frame', async () => {
    const first = await startTestServer();
    await first.admin().storage.createBucket('stop', { public: false });
    const errors = vi.spyOn(console, 'error');

    const socket = new WebSocket(
      `${first.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${first.anonKey}&vsn=2.0.0`,
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closeCode = new Promise<number>((resolve) => {
      socket.once('close', (code) => {
        resolve(code);
      });
    });

    const bytes = new Uint8Array(256 * 1024).map((_, i) => i % 251);
    const { outcome, finish } = await uploadInHalves(first, 'stop/in-flight.bin', bytes);
    const stopped = first.server.stop();

    await expect(fetch(`${first.url}/health`)).rejects.toThrow();
    expect(await closeCode).toBe(1001);

    finish();
    // Answered (an Error would have no status) and accepted.
    expect(await outcome).toMatchObject({ status: 200 });
    await stopped;
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/database is closed/i);

    const server = await first.restart();
    started.push(server);
    const { data, error } = await server.admin().storage.from('stop').download('in-flight.bin');
    expect(error).toBeNull();
    expect(await bytesOf(data)).toEqual(bytes);
  }, 180_000);

  it('is bounded: a request that never finishes is cut after the grace period, reported, and stores nothing', async () => {
    const first = await startTestServer();
    await first.admin().storage.createBucket('stuck', { public: false });
    const errors = vi.spyOn(console, 'error');
    const bytes = new Uint8Array(256 * 1024).map((_, i) => i % 251);
    // The second half never comes: only the grace period can end this request.
    const { outcome } = await uploadInHalves(first, 'stuck/never-finished.bin', bytes);

    // The stop ends although the request is still waiting for its body (else this test times out).
    await first.server.stop({ graceMs: 1_000 });
    expect(await outcome).toBeInstanceOf(Error);
    expect(errors.mock.calls.flat().join(' ')).toMatch(
      /stopped with 1 request\(s\) still running after 1000 ms/,
    );
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/database is closed/i);

    const server = await first.restart();
    started.push(server);
    const { data, error } = await server.admin().storage.from('stuck').list();
    expect(error).toBeNull();
    expect(data).toEqual([]);
  }, 180_000);
});
