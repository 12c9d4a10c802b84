// How long a passkey sign-in takes on this machine, server side and through the unchanged auth-js:
// the two requests signInWithPasskey makes around the browser's dialog (options, then verify with
// the assertion), against the embedded backend in this process, with a Node software authenticator
// (tests/backend/helpers/software-authenticator.ts) answering at once. Next to it, a password
// sign-in (bcrypt) and a TOTP second factor (challenge + verify) for scale. Prints numbers; nothing
// passes or fails.
//
//   npx node bench/backend/passkey-signin.ts [--rounds 50]
import { parseArgs } from 'node:util';
import { TOTP } from 'otpauth';
import { startTestServer } from '../../tests/backend/helpers/server.ts';
import { SoftwareAuthenticator } from '../../tests/backend/helpers/software-authenticator.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '50' } } });
const rounds = Number(values.rounds);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function time(label: string, run: () => Promise<void>): Promise<void> {
  await run(); // warm-up
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  const format = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(44)} p50 ${format(percentile(samples, 50)).padStart(9)}  p95 ${format(percentile(samples, 95)).padStart(9)}`,
  );
}

const server = await startTestServer({
  settings: {
    auth: {
      passkey: { enabled: true },
      mfa: { totp: { enroll_enabled: true, verify_enabled: true } },
    },
  },
});
try {
  const email = `bench-passkey-${Date.now()}@example.test`;
  const password = 'bench-password-123';
  await server.admin().auth.admin.createUser({ email, password, email_confirm: true });
  const member = server.client();
  await member.auth.signInWithPassword({ email, password });
  const authenticator = new SoftwareAuthenticator('http://localhost:4321');
  const { data: options } = await member.auth.passkey.startRegistration();
  if (!options) throw new Error('no registration options');
  const registered = await member.auth.passkey.verifyRegistration({
    challengeId: options.challenge_id,
    credential: authenticator.create(options.options).toJSON() as never,
  });
  if (registered.error) throw registered.error;

  console.log(`Sign-in on this machine, ${rounds} rounds each (after one warm-up):`);
  await time('passkey (options + verify, auth-js)', async () => {
    const client = server.client();
    const { data } = await client.auth.passkey.startAuthentication();
    if (!data) throw new Error('no authentication options');
    const { error } = await client.auth.passkey.verifyAuthentication({
      challengeId: data.challenge_id,
      credential: authenticator.get(data.options).toJSON() as never,
    });
    if (error) throw error;
  });
  await time('password (bcrypt, auth-js)', async () => {
    const { error } = await server.client().auth.signInWithPassword({ email, password });
    if (error) throw error;
  });
  const { data: factor } = await member.auth.mfa.enroll({ factorType: 'totp' });
  if (!factor) throw new Error('no TOTP factor');
  const code = () =>
    new TOTP({ secret: factor.totp.secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  const first = await member.auth.mfa.challengeAndVerify({ factorId: factor.id, code: code() });
  if (first.error) throw first.error;
  await time('TOTP second factor (challenge + verify)', async () => {
    const { error } = await member.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: code(),
    });
    if (error) throw error;
  });
} finally {
  await server.stop();
}
