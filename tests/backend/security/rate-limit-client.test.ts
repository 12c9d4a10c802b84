// Whom auth's per-client limits count against: the value of the rate-limit header when the backend is
// told its name (SUPABASE_LOCAL_RATE_LIMIT_HEADER, GoTrue's RATE_LIMIT_HEADER, set by the gateway in
// front of a deployment), else the socket's address. Behind one gateway every request comes from the
// same socket, so without the header all readers would share one budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** GoTrue's burst: 30 sign-in and sign-up requests at once per client. */
const BURST = 30;

let sent = 0;

/** A password reset for a new address each time (one address may get one e-mail a second). */
async function recover(server: TestServer, forwardedFor?: string): Promise<number> {
  sent++;
  const response = await fetch(`${server.url}/auth/v1/recover`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email: `nobody-${sent}@example.com` }),
  });
  await response.body?.cancel();
  return response.status;
}

async function statuses(server: TestServer, count: number, forwardedFor: (i: number) => string) {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) answers.push(await recover(server, forwardedFor(i)));
  return answers;
}

describe('per-client rate limits', () => {
  let behindGateway: TestServer;
  let direct: TestServer;

  beforeAll(async () => {
    const settings = { auth: { rate_limit: { sign_in_sign_ups: BURST } } };
    behindGateway = await startTestServer({ settings, rateLimitHeader: 'X-Forwarded-For' });
    direct = await startTestServer({ settings });
  });
  afterAll(async () => {
    await behindGateway.stop();
    await direct.stop();
  });

  it('counts each address the gateway names on its own, from one socket', async () => {
    const many = await statuses(behindGateway, BURST + 10, (i) => `203.0.113.${i + 1}`);
    expect(many.every((status) => status === 200)).toBe(true);
    const one = await statuses(behindGateway, BURST + 1, () => '198.51.100.7');
    expect(one.slice(0, BURST).every((status) => status === 200)).toBe(true);
    expect(one.at(-1)).toBe(429);
  });

  it('counts a request without the header against its socket', async () => {
    const answers = await statuses(behindGateway, BURST + 1, () => '');
    expect(answers.at(-1)).toBe(429);
    // The named addresses keep their own budgets.
    expect(await recover(behindGateway, '203.0.113.200')).toBe(200);
  });

  it('ignores the header when it is not configured: anyone could send it for a fresh budget', async () => {
    const answers = await statuses(direct, BURST + 1, (i) => `203.0.113.${i + 1}`);
    expect(answers.at(-1)).toBe(429);
  });
});
