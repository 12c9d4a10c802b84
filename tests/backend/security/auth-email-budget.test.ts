// Finding 7 of issue 8: one caller cannot spend the project's hourly e-mail budget (which would stop
// sign-up, links and recovery for everyone) or flood one inbox. Besides `email_sent` per hour for the
// project, a third of it per client IP and a sixth per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addSuspendedMember, authFetchFrom, credentialsOf, signedInRoles } from './auth-support.ts';

const limits = (emailSent: number) => ({
  settings: { auth: { rate_limit: { email_sent: emailSent }, email: { max_frequency: '0s' } } },
});

describe('e-mails to one address', () => {
  let server: TestServer;

  beforeAll(async () => {
    // 60 per hour: 20 per IP, 10 per address.
    server = await startTestServer(limits(60));
    await addSuspendedMember(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each(signedInRoles)(
    'sends at most 10 an hour to one address, whoever asks from wherever (%s)',
    async (role) => {
      const { email } = credentialsOf(role);
      const answers = [];
      for (let i = 0; i < 11; i++) {
        const ip = `127.0.${10 + signedInRoles.indexOf(role)}.${i + 1}`;
        answers.push(
          await authFetchFrom(ip, server, '/recover', { body: JSON.stringify({ email }) }),
        );
      }
      expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(200));
      expect(answers[10]?.status).toBe(429);
      expect(answers[10]?.body['code']).toBe('over_email_send_rate_limit');
      expect(await server.messages(email)).toHaveLength(10);
    },
  );
});

describe('e-mails asked for from one computer, and the project budget', () => {
  let server: TestServer;

  beforeAll(async () => {
    // 30 per hour: 10 per IP, 5 per address.
    server = await startTestServer(limits(30));
  });
  afterAll(async () => {
    await server.stop();
  });

  const otp = (ip: string, email: string) =>
    authFetchFrom(ip, server, '/otp', { body: JSON.stringify({ email }) });

  it('sends at most 10 an hour for one IP, and still sends for others', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await otp('127.0.20.1', `ip-${i}@example.test`));
    expect(answers.slice(0, 10).every((answer) => answer.status === 200)).toBe(true);
    expect(answers[10]?.body['code']).toBe('over_email_send_rate_limit');
    expect(await server.messages('ip-10@example.test')).toEqual([]);
    expect((await otp('127.0.20.2', 'ip-10@example.test')).status).toBe(200);
  });

  it('stops at the project budget of 30 an hour across all IPs', async () => {
    // 11 went out in the test before; 19 more from other computers spend the budget.
    for (let i = 0; i < 19; i++) {
      expect((await otp(`127.0.21.${i + 1}`, `many-${i}@example.test`)).status).toBe(200);
    }
    const over = await otp('127.0.22.1', 'one-more@example.test');
    expect(over.status).toBe(429);
    expect(over.body['code']).toBe('over_email_send_rate_limit');
  });
});
