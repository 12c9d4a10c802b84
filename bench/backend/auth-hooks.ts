// What a custom_access_token hook adds to issuing a token on this machine: token refreshes through
// the unchanged auth-js (no bcrypt, so the hook is most of the difference) with no hook, with the
// product's Postgres function hook (config.toml) and with a signed HTTP hook on loopback that
// answers at once. Prints numbers; nothing passes or fails.
//
//   npx node bench/backend/auth-hooks.ts [--rounds 50]
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { json, startHookEndpoint } from '../../tests/backend/helpers/hook-endpoint.ts';
import { startTestServer } from '../../tests/backend/helpers/server.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '50' } } });
const rounds = Number(values.rounds);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

type Hook = { enabled: boolean; uri?: string; secrets?: string };

async function refreshes(label: string, hook: Hook | undefined): Promise<void> {
  const settings = hook ? { auth: { hook: { custom_access_token: hook } } } : {};
  const server = await startTestServer({ settings });
  try {
    const client = server.client();
    const signIn = await client.auth.signInWithPassword({
      email: 'member@example.com',
      password: 'polyglot-demo-2026',
    });
    if (signIn.error) throw signIn.error;
    const samples: number[] = [];
    for (let round = 0; round <= rounds; round += 1) {
      const started = performance.now();
      const { error } = await client.auth.refreshSession();
      if (error) throw error;
      if (round > 0) samples.push(performance.now() - started); // round 0 warms up
    }
    const format = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
    console.log(
      `${label.padEnd(40)} p50 ${format(percentile(samples, 50))}  p95 ${format(percentile(samples, 95))}`,
    );
  } finally {
    await server.stop();
  }
}

const endpoint = await startHookEndpoint((request, response) => {
  const input = JSON.parse(request.body) as { claims: Record<string, unknown> };
  json(response, { claims: { ...input.claims, user_role: 'member' } });
});
try {
  console.log(`Token refresh on this machine, ${rounds} rounds each (after one warm-up):`);
  await refreshes('no hook', { enabled: false });
  await refreshes('Postgres function hook (config.toml)', undefined);
  await refreshes('HTTP hook, signed, on loopback', {
    enabled: true,
    uri: endpoint.url,
    secrets: `v1,whsec_${randomBytes(32).toString('base64')}`,
  });
} finally {
  await endpoint.close();
}
