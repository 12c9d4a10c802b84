// [auth.hook.custom_access_token] as an HTTP endpoint, as GoTrue calls one: a POST signed per
// Standard Webhooks with the configured secret, whose {claims} answer goes into the token; an
// endpoint that fails the sign-in with the error GoTrue's hookhttp gives (an error status: 500 with
// its message; 5 s without an answer: 422 `hook_timeout`; no connection three times: 422
// `hook_timeout_after_retry`), and an {error} answer with its own status.
import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startHookEndpoint, type HookEndpoint } from '../helpers/hook-endpoint.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = 'polyglot-demo-2026';
const SECRET = `v1,whsec_${randomBytes(32).toString('base64')}`;

function hookSettings(uri: string) {
  return { auth: { hook: { custom_access_token: { enabled: true, uri, secrets: SECRET } } } };
}

/** The hook's input once its signature checks out with the secret (throws otherwise). */
function verified(endpoint: HookEndpoint, index = 0, secret = SECRET): Record<string, unknown> {
  const request = endpoint.requests[index];
  if (!request) throw new Error('the hook was not called');
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(request.headers[name] ?? ''),
    ]),
  );
  return new Webhook(secret.slice('v1,'.length)).verify(request.body, headers) as Record<
    string,
    unknown
  >;
}

describe('an HTTP hook that changes the claims', () => {
  let endpoint: HookEndpoint;
  let server: TestServer;
  beforeAll(async () => {
    endpoint = await startHookEndpoint((request, response) => {
      const input = JSON.parse(request.body) as { claims: Record<string, unknown> };
      if (input.claims['email'] === 'moderator@example.com') {
        json(response, { error: { http_code: 403, message: 'Moderators sign in elsewhere' } });
        return;
      }
      json(response, { claims: { ...input.claims, desk: 'culture' } });
    });
    server = await startTestServer({ settings: hookSettings(endpoint.url) });
  });
  afterAll(async () => {
    await server.stop();
    await endpoint.close();
  });

  it('signs the token with the endpoint’s claims; the request is signed with the secret', async () => {
    const { data, error } = await server
      .client()
      .auth.signInWithPassword({ email: 'member@example.com', password: PASSWORD });
    expect(error).toBeNull();
    const claims = decodeJwt(data.session?.access_token ?? '');
    expect(claims['desk']).toBe('culture');
    expect(claims['sub']).toBe(data.user?.id);

    const input = verified(endpoint, endpoint.requests.length - 1);
    expect(input['user_id']).toBe(data.user?.id);
    expect(input['authentication_method']).toBe('password');
    expect((input['claims'] as Record<string, unknown>)['email']).toBe('member@example.com');
    expect(endpoint.requests.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('the signature does not verify with another secret', () => {
    const other = `v1,whsec_${randomBytes(32).toString('base64')}`;
    expect(() => verified(endpoint, 0, other)).toThrow();
  });

  it('an {error} answer refuses the sign-in with its status and message', async () => {
    const { data, error } = await server
      .client()
      .auth.signInWithPassword({ email: 'moderator@example.com', password: PASSWORD });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.message).toBe('Moderators sign in elsewhere');
  });
});

describe('an HTTP hook that fails', () => {
  let endpoint: HookEndpoint;
  let server: TestServer;
  let behaviour: 'error' | 'silent' | 'busy-once' | 'ok' = 'error';
  beforeAll(async () => {
    endpoint = await startHookEndpoint((request, response) => {
      if (behaviour === 'error') json(response, { message: 'boom' }, 500);
      if (behaviour === 'busy-once') {
        // 503 with retry-after once, then the claims.
        behaviour = 'ok';
        response.writeHead(503, { 'retry-after': '1' }).end();
      } else if (behaviour === 'ok') {
        const input = JSON.parse(request.body) as { claims: Record<string, unknown> };
        json(response, { claims: { ...input.claims, retried: true } });
      }
      // 'silent' never answers: GoTrue gives up after 5 s.
    });
    server = await startTestServer({ settings: hookSettings(endpoint.url) });
  });
  afterAll(async () => {
    await server.stop();
    await endpoint.close();
  });

  it('an error status fails the sign-in with GoTrue’s 500 and no session', async () => {
    behaviour = 'error';
    const before = endpoint.requests.length;
    const { data, error } = await server
      .client()
      .auth.signInWithPassword({ email: 'member@example.com', password: PASSWORD });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(500);
    // supabase-js reports a 500 as a retryable failure with GoTrue's message.
    expect(error?.name).toBe('AuthRetryableFetchError');
    expect(error?.message).toBe('Unexpected status code returned from hook: 500');
    // A 500 is not retried.
    expect(endpoint.requests.length - before).toBe(1);
  });

  it('a 503 with retry-after is tried again at once, and its answer signs the token', async () => {
    behaviour = 'busy-once';
    const before = endpoint.requests.length;
    const { data, error } = await server
      .client()
      .auth.signInWithPassword({ email: 'member@example.com', password: PASSWORD });
    expect(error).toBeNull();
    expect(decodeJwt(data.session?.access_token ?? '')['retried']).toBe(true);
    expect(endpoint.requests.length - before).toBe(2);
  });

  it('an endpoint that does not answer within 5 s fails the sign-in with 422 hook_timeout', async () => {
    behaviour = 'silent';
    const { data, error } = await server
      .client()
      .auth.signInWithPassword({ email: 'member@example.com', password: PASSWORD });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('hook_timeout');
    expect(error?.message).toBe('Failed to reach hook within maximum time of 5.000000 seconds');
  }, 20_000);
});

describe('an HTTP hook that cannot be reached', () => {
  let endpoint: HookEndpoint;
  let server: TestServer;
  beforeAll(async () => {
    // Every connection is dropped before an answer: GoTrue tries three times, 2 s apart.
    endpoint = await startHookEndpoint(() => undefined, { drop: true });
    server = await startTestServer({ settings: hookSettings(endpoint.url) });
  });
  afterAll(async () => {
    await server.stop();
    await endpoint.close();
  });

  it('is tried three times, then the sign-in fails with 422 hook_timeout_after_retry', async () => {
    const { data, error } = await server
      .client()
      .auth.signInWithPassword({ email: 'member@example.com', password: PASSWORD });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('hook_timeout_after_retry');
    expect(error?.message).toBe('Failed to reach hook after maximum retries');
    expect(endpoint.connections).toBe(3);
  }, 20_000);
});
