import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../../local-supabase/server.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('the API gateway: keys, CORS, bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  const authHeaders = (extra: Record<string, string> = {}) => ({
    apikey: server.anonKey,
    'content-type': 'application/json',
    'x-supabase-api-version': '2024-01-01',
    ...extra,
  });

  it('answers a missing or wrong API key with 401 in Supabase’s shape', async () => {
    const missing = await fetch(`${server.url}/auth/v1/settings`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    const wrong = await fetch(`${server.url}/rest/v1/profiles`, {
      headers: { apikey: 'not-a-key' },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid API key' });
    const client = createClient(server.url, 'eyJhbGciOiJIUzI1NiJ9.e30.wrong', {
      auth: { persistSession: false },
    });
    const { error } = await client.auth.signInWithPassword({
      email: 'member@example.com',
      password: 'polyglot-demo-2026',
    });
    expect(error).toMatchObject({ status: 401, message: 'Invalid API key' });
  });

  it('accepts the new sb_publishable_ key in place of the anon key', async () => {
    const client = createClient(server.url, server.server.keys.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { data, error } = await client.auth.signInWithPassword({
      email: 'member@example.com',
      password: 'polyglot-demo-2026',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe('member@example.com');
  });

  it('lets the site’s origin call the API from a browser and exposes Content-Range', async () => {
    const preflight = await fetch(`${server.url}/rest/v1/comments`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'GET',
        'access-control-request-headers':
          'apikey, authorization, x-client-info, prefer, accept-profile',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    const allowed = preflight.headers.get('access-control-allow-headers') ?? '';
    for (const header of [
      'apikey',
      'authorization',
      'x-client-info',
      'prefer',
      'range',
      'x-upsert',
      'x-supabase-api-version',
    ]) {
      expect(allowed).toContain(header);
    }
    const response = await fetch(`${server.url}/auth/v1/settings`, {
      headers: { apikey: server.anonKey, origin: 'http://127.0.0.1:5173' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');

    const foreign = await fetch(`${server.url}/auth/v1/settings`, {
      method: 'OPTIONS',
      headers: { origin: 'https://attacker.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers malformed auth requests with 4xx in GoTrue’s shape and keeps serving', async () => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/auth/v1${path}`, {
        method: 'POST',
        headers: authHeaders(headers),
        body,
      });
    const cases: [Promise<Response>, number, string][] = [
      [post('/token?grant_type=password', '{"email": '), 400, 'bad_json'],
      [post('/signup', '[1, 2]'), 400, 'bad_json'],
      [post('/signup', '{"email": 42, "password": "x"}'), 400, 'bad_json'],
      [post('/otp', '{"email": "a@b.test", "data": "nope"}'), 400, 'bad_json'],
      [post('/verify', '{"type": "email"}'), 400, 'validation_failed'],
      [post('/verify', '{"type": "teleport", "token_hash": "x"}'), 400, 'validation_failed'],
      [
        post('/token?grant_type=pkce', '{"auth_code": "", "code_verifier": ""}'),
        400,
        'validation_failed',
      ],
      [post('/logout?scope=galaxy', ''), 400, 'validation_failed'],
      [
        post(
          '/signup',
          JSON.stringify({ email: 'big@example.test', password: 'x'.repeat(2 * 1024 * 1024) }),
        ),
        413,
        'request_too_large',
      ],
      [
        fetch(`${server.url}/auth/v1/user`, {
          headers: authHeaders({ authorization: 'Bearer a.b.c' }),
        }),
        403,
        'bad_jwt',
      ],
      [
        fetch(`${server.url}/auth/v1/user`, { headers: authHeaders({ authorization: '' }) }),
        401,
        'no_authorization',
      ],
      [
        fetch(`${server.url}/auth/v1/no-such-endpoint`, { headers: authHeaders() }),
        404,
        'not_found',
      ],
    ];
    for (const [request, status, code] of cases) {
      const response = await request;
      expect({
        status: response.status,
        code: ((await response.json()) as { code?: string }).code,
      }).toEqual({ status, code });
      expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    }
    const unsupported = await post('/token?grant_type=magic', '{}');
    expect(unsupported.status).toBe(400);
    expect(await unsupported.json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: '',
    });
    const health = await fetch(`${server.url}/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', services: { auth: true } });
  });

  it('answers the legacy error shape to clients that do not announce an API version', async () => {
    const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@example.com', password: 'wrong-password' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });
});

describe('a data directory that persists across restarts', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'local-supabase-persist-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps accounts, applies migrations and the seed only once, and starts warm the second time', async () => {
    const options = {
      dataDir,
      port: 0,
      mailboxPort: 0,
      settings: { auth: { email: { enable_confirmations: false } } },
    };
    const cold = await start(options);
    const { startup } = cold;
    console.log(
      `cold start: ${startup.totalMs} ms (open/initdb ${startup.openMs} ms, bootstrap+migrations+seed ${startup.prepareMs} ms)`,
    );
    expect(startup.cold).toBe(true);
    expect(startup.migrated.length).toBeGreaterThan(0);
    expect(startup.seeded).toEqual(['seed.sql']);
    const client = createClient(cold.url, cold.keys.anonKey, { auth: { persistSession: false } });
    const signUp = await client.auth.signUp({
      email: 'survivor@example.test',
      password: 'still-here-after-restart',
    });
    expect(signUp.error).toBeNull();
    await cold.db.query("delete from auth.users where email = 'second@example.com'");
    await cold.stop();

    const warm = await start(options);
    try {
      console.log(
        `warm start: ${warm.startup.totalMs} ms (open ${warm.startup.openMs} ms, checks ${warm.startup.prepareMs} ms)`,
      );
      expect(warm.startup).toMatchObject({
        cold: false,
        bootstrapped: [],
        migrated: [],
        seeded: [],
      });
      const again = createClient(warm.url, warm.keys.anonKey, { auth: { persistSession: false } });
      const signIn = await again.auth.signInWithPassword({
        email: 'survivor@example.test',
        password: 'still-here-after-restart',
      });
      expect(signIn.error).toBeNull();
      // The seed did not run again: the deleted demo account stays deleted.
      const { rows } = await warm.db.query(
        "select count(*)::int as n from auth.users where email = 'second@example.com'",
      );
      expect(rows[0]).toEqual({ n: 0 });
    } finally {
      await warm.stop();
    }
  }, 180_000); // two starts on disk, one of them cold (initdb, migrations, seed): slow on a loaded machine
});
