// Issue 8, "Also": oversized requests get a complete answer (status line, headers, a JSON body in the
// gateway's or the service's shape), never a connection reset, whichever client sends them. The
// server keeps answering afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { rawRequest } from './http-raw.ts';

interface Oversized {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  status: number;
  /** storage-api answers its errors with HTTP 400 and the real status as `statusCode` in the body. */
  bodyStatusCode?: string;
}

const bigBody = Buffer.alloc(10_800_000, 'a');
const cases: Oversized[] = [
  {
    name: 'a 370 KB URL',
    method: 'GET',
    path: `/rest/v1/comments?select=${'a'.repeat(370_000)}`,
    status: 414,
  },
  {
    name: 'a 100 KB column name',
    method: 'GET',
    path: `/rest/v1/comments?${'a'.repeat(100_000)}=eq.1`,
    status: 414,
  },
  {
    name: 'a 10.8 MB REST body',
    method: 'POST',
    path: '/rest/v1/comments',
    body: bigBody,
    status: 413,
  },
  {
    name: 'a 10.8 MB auth body',
    method: 'POST',
    path: '/auth/v1/signup',
    body: bigBody,
    status: 413,
  },
  {
    name: 'a 10.8 MB avatar',
    method: 'POST',
    path: '/storage/v1/object/avatars/5eed0000-0000-4000-8000-000000000001/big.png',
    headers: { 'content-type': 'image/png' },
    body: bigBody,
    status: 400,
    bodyStatusCode: '413',
  },
  {
    name: 'a 1.2 MB token header',
    method: 'GET',
    path: '/rest/v1/comments',
    headers: { authorization: `Bearer ${'a'.repeat(1_200_000)}` },
    status: 431,
  },
  {
    name: 'a 40 KB cookie',
    method: 'GET',
    path: '/auth/v1/settings',
    headers: { cookie: `x=${'a'.repeat(40_000)}` },
    status: 431,
  },
];

describe('oversized requests', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  const headersOf = (item: Oversized) => ({
    apikey: server.anonKey,
    'content-type': 'application/json',
    ...item.headers,
  });

  for (const item of cases) {
    it(`answers ${item.name} with a complete ${item.bodyStatusCode ?? item.status} over a raw connection`, async () => {
      const head = [
        `${item.method} ${item.path} HTTP/1.1`,
        `Host: ${new URL(server.url).host}`,
        ...Object.entries(headersOf(item)).map(([name, value]) => `${name}: ${value}`),
      ].join('\r\n');
      const answer = await rawRequest(server.url, head, item.body);
      expect(answer.socketError).toBeNull();
      expect(answer.status).toBe(item.status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(JSON.stringify(body)).toMatch(/too (large|long)/i);
      if (item.bodyStatusCode) expect(body['statusCode']).toBe(item.bodyStatusCode);
    });

    it(`answers ${item.name} with ${item.bodyStatusCode ?? item.status} to fetch`, async () => {
      const response = await fetch(`${server.url}${item.path}`, {
        method: item.method,
        headers: headersOf(item),
        ...(item.body ? { body: new Uint8Array(item.body) } : {}),
      });
      expect(response.status).toBe(item.status);
      expect(await response.json()).toBeTypeOf('object');
    });
  }

  it('keeps answering ordinary requests afterwards', async () => {
    const { error } = await server.client().from('public_profiles').select('id').limit(1);
    expect(error).toBeNull();
  });
});
