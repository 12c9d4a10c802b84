// Malformed and hostile requests, sent with fetch: each gets a 4xx in PostgREST's (or, for API keys,
// the gateway's) error shape with the expected code, and the server keeps answering normal queries.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type RestServer } from './server.ts';

interface BadRequest {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Replace the default headers (apikey, JSON content type). */
  bare?: boolean;
  status: number;
  code: string;
  shape?: 'rest' | 'gateway';
}

const json = { 'Content-Type': 'application/json' };
const nested = (depth: number) => `${'or('.repeat(depth)}id.eq.1${')'.repeat(depth)}`;

const badRequests: BadRequest[] = [
  // malformed bodies
  {
    name: 'truncated JSON',
    method: 'POST',
    path: '/rest_authors',
    body: '{"id": 1',
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'JSON string body',
    method: 'POST',
    path: '/rest_authors',
    body: '"hello"',
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'array of numbers',
    method: 'POST',
    path: '/rest_authors',
    body: '[1, 2]',
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'empty insert body',
    method: 'POST',
    path: '/rest_authors',
    body: '',
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'rows with different keys',
    method: 'POST',
    path: '/rest_authors',
    body: '[{"id":1},{"name":"x"}]',
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'array body on PATCH',
    method: 'PATCH',
    path: '/rest_authors?id=eq.1',
    body: '[{"name":"x"}]',
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'array body on RPC',
    method: 'POST',
    path: '/rpc/rest_add',
    body: '[1]',
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'NaN in JSON',
    method: 'POST',
    path: '/rest_authors',
    body: '{"id": NaN}',
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'text/plain body',
    method: 'POST',
    path: '/rest_authors',
    headers: { 'Content-Type': 'text/plain' },
    body: 'id=1',
    status: 415,
    code: 'PGRST107',
  },
  {
    name: 'wrong type in a column',
    method: 'POST',
    path: '/rest_authors',
    body: '{"id": "one", "name": "x"}',
    status: 400,
    code: '22P02',
  },
  {
    name: 'JSON nested 5000 levels deep',
    method: 'POST',
    path: '/rest_authors',
    body: `{"id": 1, "name": "x", "tags": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
    status: 400,
    code: 'PGRST102',
  },
  // unknown names
  { name: 'unknown table', path: '/no_such_table', status: 404, code: 'PGRST205' },
  { name: 'table in another schema', path: '/users', status: 404, code: 'PGRST205' },
  {
    name: 'unknown column in select',
    path: '/rest_posts?select=id,nope',
    status: 400,
    code: '42703',
  },
  { name: 'unknown column in a filter', path: '/rest_posts?nope=eq.1', status: 400, code: '42703' },
  { name: 'unknown column in order', path: '/rest_posts?order=nope', status: 400, code: '42703' },
  {
    name: 'unknown payload key',
    method: 'POST',
    path: '/rest_authors',
    body: '{"id": 99, "nope": 1}',
    status: 400,
    code: 'PGRST204',
  },
  {
    name: 'unknown columns= entry',
    method: 'POST',
    path: '/rest_authors?columns=id,nope',
    body: '[{"id": 99}]',
    status: 400,
    code: 'PGRST204',
  },
  {
    name: 'unknown on_conflict column',
    method: 'POST',
    path: '/rest_authors?on_conflict=nope',
    headers: { Prefer: 'resolution=merge-duplicates' },
    body: '{"id": 1, "name": "x"}',
    status: 400,
    code: 'PGRST204',
  },
  {
    name: 'unknown function',
    method: 'POST',
    path: '/rpc/no_such_function',
    body: '{}',
    status: 404,
    code: 'PGRST202',
  },
  { name: 'unknown embed', path: '/rest_posts?select=id,nope(*)', status: 400, code: 'PGRST200' },
  {
    name: 'filter on a resource not embedded',
    path: '/rest_posts?rest_comments.id=eq.1',
    status: 400,
    code: 'PGRST108',
  },
  {
    name: 'aggregate while aggregates are off',
    path: '/rest_posts?select=count()',
    status: 400,
    code: 'PGRST123',
  },
  // bad filters and operators
  { name: 'unknown operator', path: '/rest_posts?id=foo.1', status: 400, code: 'PGRST100' },
  { name: 'operator without value', path: '/rest_posts?id=eq', status: 400, code: 'PGRST100' },
  { name: 'in without parentheses', path: '/rest_posts?id=in.1,2', status: 400, code: 'PGRST100' },
  { name: 'unclosed in list', path: '/rest_posts?id=in.(1,2', status: 400, code: 'PGRST100' },
  { name: 'is with a non-trilean', path: '/rest_posts?id=is.maybe', status: 400, code: 'PGRST100' },
  { name: 'unclosed or group', path: '/rest_posts?or=(id.eq.1', status: 400, code: 'PGRST100' },
  { name: 'or without parentheses', path: '/rest_posts?or=id.eq.1', status: 400, code: 'PGRST100' },
  {
    name: 'unknown operator inside or',
    path: '/rest_posts?or=(id.xx.1)',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'logic tree nested too deep',
    path: `/rest_posts?or=(${nested(12)})`,
    status: 400,
    code: 'PGRST100',
  },
  { name: 'text for an integer column', path: '/rest_posts?id=eq.abc', status: 400, code: '22P02' },
  {
    name: 'quantifier on an operator that has none',
    path: '/rest_posts?id=cs(any).{1}',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'broken array literal for any',
    path: '/rest_posts?id=eq(any).1',
    status: 400,
    code: '22P02',
  },
  {
    name: 'unknown text search config',
    path: '/rest_posts?title=fts(klingon).word',
    status: 400,
    code: '42704',
  },
  {
    name: 'unbalanced select',
    path: '/rest_posts?select=id,rest_comments(id',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'unknown cast type',
    path: '/rest_posts?select=id::nosuchtype',
    status: 400,
    code: '42704',
  },
  { name: 'non-numeric limit', path: '/rest_posts?limit=ten', status: 400, code: 'PGRST100' },
  { name: 'negative offset', path: '/rest_posts?offset=-1', status: 400, code: 'PGRST100' },
  {
    name: 'NUL byte in a filter value',
    path: '/rest_posts?title=eq.a%00b',
    status: 400,
    code: '22021',
  },
  {
    name: 'broken percent-encoding in a filter value',
    path: '/rest_posts?id=eq.%zz',
    status: 400,
    code: '22P02',
  },
  {
    name: 'broken percent-encoding in the table name',
    path: '/%E0%A4%A',
    status: 404,
    code: 'PGRST205',
  },
  // bad order
  {
    name: 'unknown direction',
    path: '/rest_posts?order=id.sideways',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'unknown nulls placement',
    path: '/rest_posts?order=id.asc.nullsmiddle',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'order on a resource not embedded',
    path: '/rest_posts?order=nope(name).asc',
    status: 400,
    code: 'PGRST108',
  },
  {
    name: 'related order on a to-many embed',
    path: '/rest_posts?select=id,rest_comments(id)&order=rest_comments(id)',
    status: 400,
    code: 'PGRST118',
  },
  // injection attempts
  {
    name: 'SQL in the table name',
    path: '/rest_posts;drop%20table%20rest_posts',
    status: 404,
    code: 'PGRST205',
  },
  {
    name: 'quoted identifier escaping the select',
    path: '/rest_posts?select=%22id%5C%22%20from%20pg_authid%20--%22',
    status: 400,
    code: '42703',
  },
  {
    name: 'SQL in a filter value',
    path: "/rest_posts?id=eq.1';drop%20table%20rest_posts;--",
    status: 400,
    code: '22P02',
  },
  {
    name: 'SQL in a filter key',
    path: '/rest_posts?id;delete%20from%20rest_posts=eq.1',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'SQL in order',
    path: '/rest_posts?order=id;drop%20table%20rest_posts',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'SQL in a cast',
    path: '/rest_posts?select=id::text;drop%20table%20rest_posts',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'SQL in on_conflict',
    method: 'POST',
    path: '/rest_authors?on_conflict=id);drop%20table%20rest_posts;--',
    headers: { Prefer: 'resolution=merge-duplicates' },
    body: '{"id": 1, "name": "x"}',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'SQL in an RPC argument',
    path: '/rpc/rest_add?a=1);select%20pg_sleep(1);--',
    status: 400,
    code: '22P02',
  },
  {
    name: 'a system function by RPC',
    method: 'POST',
    path: '/rpc/pg_sleep',
    body: '{"seconds": 1}',
    status: 404,
    code: 'PGRST202',
  },
  // oversized
  {
    name: '3 MB body',
    method: 'POST',
    path: '/rest_authors',
    body: JSON.stringify({ id: 1, name: 'x'.repeat(3_000_000) }),
    status: 413,
    code: 'PGRST413',
  },
  {
    name: '2000 values in one in() list',
    path: `/rest_posts?id=in.(${Array.from({ length: 2000 }, (_, i) => i).join(',')})`,
    status: 400,
    code: 'PGRST100',
  },
  {
    name: '400 query parameters',
    path: `/rest_posts?${Array.from({ length: 400 }, (_, i) => `id=neq.${i}`).join('&')}`,
    status: 400,
    code: 'PGRST100',
  },
  // wrong methods, paths, media types and preferences
  {
    name: 'PUT not addressed by the whole primary key',
    method: 'PUT',
    path: '/rest_authors?name=eq.Ann',
    body: '{"id": 1, "name": "Ann"}',
    status: 405,
    code: 'PGRST105',
  },
  {
    name: 'PATCH on a function',
    method: 'PATCH',
    path: '/rpc/rest_add',
    body: '{}',
    status: 405,
    code: 'PGRST101',
  },
  {
    name: 'DELETE on a function',
    method: 'DELETE',
    path: '/rpc/rest_add',
    status: 405,
    code: 'PGRST101',
  },
  { name: 'nested path', path: '/rest_posts/1', status: 404, code: 'PGRST125' },
  {
    name: 'Accept-Profile of a hidden schema',
    path: '/objects',
    headers: { 'Accept-Profile': 'storage' },
    status: 406,
    code: 'PGRST106',
  },
  {
    name: 'Content-Profile of a hidden schema',
    method: 'POST',
    path: '/users',
    headers: { 'Content-Profile': 'auth' },
    body: '{}',
    status: 406,
    code: 'PGRST106',
  },
  {
    name: 'an execution plan requested (EXPLAIN is not available)',
    path: '/rest_posts',
    headers: { Accept: 'application/vnd.pgrst.plan' },
    status: 406,
    code: 'PGRST107',
  },
  {
    name: 'invalid preference with handling=strict',
    path: '/rest_posts',
    headers: { Prefer: 'handling=strict, colour=blue' },
    status: 400,
    code: 'PGRST122',
  },
  {
    name: 'single object of many rows',
    path: '/rest_posts',
    headers: { Accept: 'application/vnd.pgrst.object+json' },
    status: 406,
    code: 'PGRST116',
  },
  {
    name: 'update without a filter',
    method: 'PATCH',
    path: '/rest_posts',
    body: '{"published": true}',
    status: 400,
    code: '21000',
  },
];

describe('malformed and hostile requests', () => {
  let server: RestServer;
  const tokens: Record<string, string> = {};

  async function send(request: BadRequest): Promise<Response> {
    const headers: Record<string, string> = request.bare
      ? {}
      : { apikey: server.anonKey, ...(request.body === undefined ? {} : json) };
    return fetch(`${server.rest}${request.path}`, {
      method: request.method ?? 'GET',
      headers: { ...headers, ...request.headers },
      ...(request.body === undefined ? {} : { body: request.body }),
    });
  }

  async function expectError(
    response: Response,
    status: number,
    code: string,
    shape: 'rest' | 'gateway' = 'rest',
  ) {
    const body = (await response.json()) as Record<string, unknown>;
    expect({ status: response.status, code: body['code'] ?? null }).toEqual({
      status,
      code: shape === 'rest' ? code : null,
    });
    if (shape === 'rest') {
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(typeof body['message']).toBe('string');
    } else {
      expect(body['message']).toBe(code);
    }
  }

  beforeAll(async () => {
    server = await startFixtureServer();
    await server.db.exec(
      `create function public.rest_add(a int, b int default 10) returns int
         language sql immutable as $$ select a + b $$;`,
    );
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: Record<string, unknown>, secret: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(secret));
    const secret = 'super-secret-jwt-token-with-at-least-32-characters-long';
    tokens['expired'] = await sign({ role: 'authenticated', sub: 'x', exp: now - 60 }, secret);
    tokens['forged'] = await sign(
      { role: 'service_role', exp: now + 60 },
      'not-the-secret-but-long-enough-to-sign-with',
    );
    tokens['postgres'] = await sign({ role: 'postgres', exp: now + 60 }, secret);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ role: 'service_role', exp: now + 60 })).toString(
      'base64url',
    );
    tokens['unsigned'] = `${header}.${payload}.`;
  });
  afterAll(async () => {
    await server.stop();
  });

  it('has at least 50 malformed requests, each with its own name', () => {
    expect(badRequests.length).toBeGreaterThanOrEqual(50);
    expect(new Set(badRequests.map((r) => r.name)).size).toBe(badRequests.length);
  });

  it.each(badRequests.map((r) => [r.name, r] as const))('%s', async (_name, request) => {
    await expectError(await send(request), request.status, request.code, request.shape);
  });

  it.each([
    ['a token that is not a JWT', () => 'garbage', 'PGRST301'],
    ['an expired token', () => tokens['expired'] ?? '', 'PGRST303'],
    ['a token signed with another secret', () => tokens['forged'] ?? '', 'PGRST301'],
    ['an unsigned token (alg none)', () => tokens['unsigned'] ?? '', 'PGRST301'],
    ['a token for a role the API does not have', () => tokens['postgres'] ?? '', 'PGRST301'],
  ])('refuses %s with 401', async (_name, token, code) => {
    const response = await fetch(`${server.rest}/rest_posts?select=id`, {
      headers: { apikey: server.anonKey, Authorization: `Bearer ${token()}` },
    });
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    await expectError(response, 401, code);
  });

  it('refuses a token once it has expired, though it was accepted before', async () => {
    // Verified tokens are remembered (http/keys.ts); their expiry is still checked on every use.
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = await new SignJWT({ role: 'anon', exp })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long'));
    const read = () =>
      fetch(`${server.rest}/rest_posts?select=id`, {
        headers: { apikey: server.anonKey, Authorization: `Bearer ${token}` },
      });
    const before = await read();
    expect(before.status).toBe(200);
    await before.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    await expectError(await read(), 401, 'PGRST303');
  });

  it('refuses a wrong or missing API key at the gateway', async () => {
    const wrong = await fetch(`${server.rest}/rest_posts`, { headers: { apikey: 'not-a-key' } });
    await expectError(wrong, 401, 'Invalid API key', 'gateway');
    const missing = await fetch(`${server.rest}/rest_posts`);
    await expectError(missing, 401, 'No API key found in request', 'gateway');
  });

  it('still answers a normal query, with every table intact', async () => {
    const { data, error } = await server.anon().from('rest_posts').select('id').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }]);
    const { rows } = await server.db.query<{ n: number }>(
      'select count(*)::int as n from rest_authors',
    );
    expect(rows[0]?.n).toBe(4);
  });

  it('treats a quoted JSON key as data, never as SQL', async () => {
    const key = encodeURIComponent(`"a' || pg_sleep(1) || '"`);
    const response = await fetch(`${server.rest}/rest_posts?select=id,meta->>${key}&id=eq.1`, {
      headers: { apikey: server.anonKey },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: 1, "a' || pg_sleep(1) || '": null }]);
  });
});
