import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ENDPOINTS: [method: string, path: string][] = [
  ['POST', '/signup'],
  ['POST', '/token?grant_type=password'],
  ['POST', '/token?grant_type=refresh_token'],
  ['POST', '/token?grant_type=pkce'],
  ['POST', '/otp'],
  ['POST', '/verify'],
  ['POST', '/recover'],
  ['POST', '/resend'],
  ['POST', '/logout?scope=local'],
  ['PUT', '/user'],
  ['POST', '/admin/users'],
  ['PUT', '/admin/users/00000000-0000-4000-8000-000000000000'],
  ['POST', '/admin/generate_link'],
];

const BODIES = [
  '',
  'null',
  '1',
  '"text"',
  '[]',
  '{',
  '{"email": null, "password": null}',
  '{"email": "a@b.test", "password": 123}',
  '{"email": ["a@b.test"]}',
  '{"email": "member@example.com", "password": "x", "data": [1]}',
  `{"type": "email", "token_hash": "${'a'.repeat(4000)}"}`,
  '{"type": "email", "token": "123456", "email": "not-an-address"}',
  '{"email": "x@y.test", "code_challenge": "short", "code_challenge_method": "s256"}',
  `{"email": "x@y.test", "code_challenge": "${'c'.repeat(50)}", "code_challenge_method": "md5"}`,
  '{"refresh_token": {"nested": true}}',
  `{"auth_code": "not-a-uuid", "code_verifier": "${'v'.repeat(50)}"}`,
  '{"type": "email_change_new", "email": "member@example.com", "new_email": "bad"}',
  '{"email": "x@y.test", "ban_duration": "forever"}',
  '{"email": "x@y.test", "user_metadata": "not an object"}',
  `{"password": "${'p'.repeat(100)}"}`,
  '{"email": "\\u0000@example.test", "password": "a-long-enough-password"}',
];

describe('malformed auth requests', () => {
  let server: TestServer;
  let memberToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    const { data } = await server
      .client()
      .auth.signInWithPassword({ email: 'second@example.com', password: 'polyglot-demo-2026' });
    memberToken = data.session?.access_token ?? '';
  });
  afterAll(async () => {
    await server.stop();
  });

  it(`answers ${ENDPOINTS.length * BODIES.length * 3} of them with a 4xx in GoTrue's shape, never a 5xx`, async () => {
    const failures: string[] = [];
    for (const [method, path] of ENDPOINTS) {
      for (const body of BODIES) {
        for (const bearer of [server.anonKey, memberToken, 'not.a.jwt']) {
          const response = await fetch(`${server.url}/auth/v1${path}`, {
            method,
            headers: {
              apikey: server.anonKey,
              authorization: `Bearer ${bearer}`,
              'content-type': 'application/json',
              'x-supabase-api-version': '2024-01-01',
            },
            body,
          });
          const text = await response.text();
          const ok = response.status < 300 || response.status === 204;
          const shaped = ok || /^\{"(code|error)":/.test(text);
          if (response.status >= 500 || !shaped)
            failures.push(
              `${method} ${path} ${body.slice(0, 40)} → ${response.status} ${text.slice(0, 80)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    const nul = await fetch(`${server.url}/auth/v1/verify?token=%00&type=signup`, {
      headers: { apikey: server.anonKey },
      redirect: 'manual',
    });
    expect(nul.status).toBe(303);
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
  });
});
