// Edge Functions served at /functions/v1/<name> by Deno and invoked through the unchanged supabase-js:
// the gateway's verify_jwt, the environment hosted functions get, errors, the wall-clock limit, a
// crash, streaming, CORS preflight, an npm: import, and a changed file picked up without a restart.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/functions');

/** The answer behind supabase-js's FunctionsHttpError (its `context`). */
function failedAnswer(error: unknown): Response {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  return (error as FunctionsHttpError).context as Response;
}

let server: TestServer;
let functionsDir: string;

beforeAll(async () => {
  // A copy, so the test that edits a function does not touch the fixtures.
  functionsDir = await mkdtemp(join(tmpdir(), 'functions-test-'));
  await cp(FIXTURES, functionsDir, { recursive: true });
  server = await startTestServer({
    functionsDir,
    functionsWallClockMs: 3_000,
    settings: { functions: { open: { verify_jwt: false } } },
  });
}, 60_000);

afterAll(async () => {
  await server.stop();
  await rm(functionsDir, { recursive: true, force: true });
});

describe('Edge Functions through supabase-js', () => {
  it('runs a function with the caller’s body, its _shared import and the hosted environment', async () => {
    const result = await server.client().functions.invoke<unknown>('hello', {
      body: { name: 'Ada' },
    });
    expect(result.error).toBeNull();
    expect(result.data).toEqual({
      message: 'Hello Ada',
      path: '/hello',
      url: server.url,
      hasAnonKey: true,
      hasServiceKey: true,
      secret: 'from-dot-env',
      reserved: null,
      home: null,
    });
  }, 60_000);

  it('refuses a call without a valid JWT when verify_jwt is on, with the gateway’s 401', async () => {
    const missing = await fetch(`${server.url}/functions/v1/hello`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ msg: 'Error: Missing authorization header' });
    const forged = await fetch(`${server.url}/functions/v1/hello`, {
      headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.bad' },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ msg: 'Invalid JWT' });
  });

  it('lets anyone call a function with verify_jwt = false', async () => {
    const response = await fetch(`${server.url}/functions/v1/open`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('open to all');
  }, 60_000);

  it('answers 404 "Function not found" for a name with no function, and for _shared', async () => {
    for (const name of ['nothing-here', '_shared']) {
      const response = await fetch(`${server.url}/functions/v1/${name}`, {
        headers: { Authorization: `Bearer ${server.anonKey}` },
      });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Function not found');
    }
  });

  it('gives a function’s own error answer to the caller as FunctionsHttpError with its body', async () => {
    const result = await server.client().functions.invoke<unknown>('throws');
    expect(result.data).toBeNull();
    const response = failedAnswer(result.error);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'name is required' });
  }, 60_000);

  it('answers an uncaught exception with 500 WORKER_ERROR and keeps serving', async () => {
    const result = await server.client().functions.invoke<unknown>('throws?uncaught=1');
    const response = failedAnswer(result.error);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
    const again = await server.client().functions.invoke<unknown>('throws');
    expect(failedAnswer(again.error).status).toBe(400);
  }, 60_000);

  it('ends a function past the wall-clock limit with 546 WORKER_LIMIT; the backend keeps answering', async () => {
    const result = await server.client().functions.invoke<unknown>('slow');
    const response = failedAnswer(result.error);
    expect(response.status).toBe(546);
    expect(await response.json()).toEqual({
      code: 'WORKER_LIMIT',
      message: 'Worker failed to respond due to a resource limit (please check logs)',
    });
    const { data } = await server.client().functions.invoke<{ message: string }>('hello', {
      body: { name: 'still here' },
    });
    expect(data?.message).toBe('Hello still here');
  }, 60_000);

  it('answers a process that exits mid-request with 500 WORKER_ERROR, and starts it again next time', async () => {
    for (let round = 0; round < 2; round++) {
      const result = await server.client().functions.invoke<unknown>('crash');
      const response = failedAnswer(result.error);
      expect(response.status).toBe(500);
      expect(((await response.json()) as { code: string }).code).toBe('WORKER_ERROR');
    }
  }, 60_000);

  it('streams a request body in and the answer out', async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('first '));
        controller.enqueue(encoder.encode('second'));
        controller.close();
      },
    });
    const response = await fetch(`${server.url}/functions/v1/stream`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.anonKey}` },
      body,
      // @ts-expect-error Node's fetch needs `duplex` for a streamed body; lib.dom lacks it.
      duplex: 'half',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('FIRST SECOND\nend');
  }, 60_000);

  it('refuses a body over the limit with 413 before the function reads it', async () => {
    const response = await fetch(`${server.url}/functions/v1/stream`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.anonKey}` },
      body: new Uint8Array(server.server.config.local.maxBodyBytes + 1),
    });
    expect(response.status).toBe(413);
  });

  it('lets the function answer its CORS preflight, without a token', async () => {
    const response = await fetch(`${server.url}/functions/v1/cors`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://elsewhere.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('apikey');
  }, 60_000);

  it('imports an npm: package through the function’s deno.json', async () => {
    const client = server.client();
    const good = await client.functions.invoke('npm-import', { body: { email: 'a@example.com' } });
    const bad = await client.functions.invoke('npm-import', { body: { email: 'not an address' } });
    expect(good.data).toEqual({ valid: true });
    expect(bad.data).toEqual({ valid: false });
  }, 120_000);

  it('picks up a changed file without a restart', async () => {
    const client = server.client();
    await client.functions.invoke('open');
    await writeFile(
      join(functionsDir, 'open', 'index.ts'),
      "Deno.serve(() => new Response('changed', { headers: { 'Content-Type': 'text/plain' } }));\n",
    );
    await expect
      .poll(async () => (await fetch(`${server.url}/functions/v1/open`)).text(), {
        timeout: 20_000,
      })
      .toBe('changed');
  }, 60_000);
});
