// Hostile-input benchmark (numbers, not pass/fail): while one client sends the worst bodies we could
// build to an unauthenticated endpoint, at that endpoint's size limit, another client probes /health
// and a REST read in turn, and we report how long its probes took (the target: never above 50 ms).
// A quiet run of the probes first gives the machine's own noise.
//
//   SUPABASE_LOCAL_PORT=56110 node bench/hostile.mjs [--seconds 5]
//
// It starts the e2e backend (with the SAML and OpenID stand-ins) as its own process, so the attacker
// and the prober here do not share the server's event loop.
import { parseArgs } from 'node:util';
import { percentile, startBackend } from './lib/browser-bench.mjs';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const seconds = Number(args.seconds);
const port = process.env.SUPABASE_LOCAL_PORT ?? '56110';
const backend = await startBackend(port, 'http://127.0.0.1:1');
const { url, serviceKey } = backend;
const key = { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` };

const ACS_LIMIT = 64 * 1024;
const AUTH_LIMIT = 1024 * 1024;
const b64 = (text) => Buffer.from(text).toString('base64');
/** Repeats `unit` to fill `bytes` of base64 once encoded (4/3 larger), less room for the form. */
const fillB64 = (unit, bytes, pre = '', post = '') =>
  b64(pre + unit.repeat(Math.floor(((bytes - 200) * 3) / 4 / unit.length)) + post);
const RESPONSE =
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_1" Version="2.0">';
const acs = (samlResponse) => ({
  path: '/auth/v1/sso/saml/acs',
  init: {
    method: 'POST',
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }),
  },
});
const json = (path, body) => ({
  path,
  init: {
    method: 'POST',
    headers: { ...key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  },
});

/** Each attack: a name and a request, sent back to back for `seconds`. */
const attacks = [
  ['ACS: "<Issuer" repeated (the reported case)', acs(fillB64('<Issuer', ACS_LIMIT))],
  ['ACS: nested namespace declarations', acs(fillB64('<a xmlns:q="u">', ACS_LIMIT, RESPONSE))],
  [
    'ACS: many assertions',
    acs(fillB64('<saml:Assertion ID="_x"/>', ACS_LIMIT, RESPONSE, '</samlp:Response>')),
  ],
  ['ACS: deep nesting', acs(fillB64('<a>', ACS_LIMIT, RESPONSE))],
  ['ACS: over the limit (refused unread)', acs('A'.repeat(4 * ACS_LIMIT))],
  [
    'signup: 1 MiB of metadata strings',
    json('/auth/v1/signup', {
      email: 'hostile@example.test',
      password: 'hostile-password-1',
      data: { bio: 'x'.repeat(AUTH_LIMIT - 200) },
    }),
  ],
  [
    'signup: JSON nested 32 deep, wide',
    json('/auth/v1/signup', {
      email: 'hostile@example.test',
      password: 'x',
      data: JSON.parse('['.repeat(30) + Array(40_000).fill('[]').join(',') + ']'.repeat(30)),
    }),
  ],
  [
    'token: 1 MiB e-mail address',
    json('/auth/v1/token?grant_type=password', {
      email: `${'a'.repeat(AUTH_LIMIT - 300)}@example.test`,
      password: 'x',
    }),
  ],
  [
    'OpenID callback: 16 KB state',
    { path: `/auth/v1/callback?code=x&state=${'e'.repeat(16_000)}`, init: {} },
  ],
  [
    'storage public route: long object name',
    { path: `/storage/v1/object/public/avatars/${'a/'.repeat(3000)}x.png`, init: {} },
  ],
  [
    'functions: 1 MiB one-click unsubscribe',
    {
      path: '/functions/v1/unsubscribe?token=00000000-0000-4000-8000-000000000000',
      init: { method: 'POST', body: 'List-Unsubscribe=One-Click&x=' + 'y'.repeat(AUTH_LIMIT) },
    },
  ],
];

/** Probes /health and a REST read one after the other until `stop`; their times in ms. */
async function probe(stop) {
  const times = [];
  const paths = ['/health', '/rest/v1/comments?select=id&limit=1'];
  for (let i = 0; !stop.done; i += 1) {
    const began = performance.now();
    await (await fetch(`${url}${paths[i % 2]}`, { headers: key })).arrayBuffer();
    times.push(performance.now() - began);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return times.sort((a, b) => a - b);
}

async function attack(request, stop) {
  let sent = 0;
  const statuses = new Set();
  while (!stop.done) {
    const response = await fetch(`${url}${request.path}`, { ...request.init, redirect: 'manual' });
    await response.arrayBuffer();
    statuses.add(response.status);
    sent += 1;
  }
  return { sent, statuses: [...statuses].join('/') };
}

async function run(request) {
  const stop = { done: false };
  const probing = probe(stop);
  const attacking = request ? attack(request, stop) : Promise.resolve({ sent: 0, statuses: '' });
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  stop.done = true;
  const [times, sent] = await Promise.all([probing, attacking]);
  return { times, ...sent };
}

const row = (name, { times, sent, statuses }) =>
  console.log(
    `${name.padEnd(45)} ${String(sent).padStart(5)} ${statuses.padEnd(8)} probes ${String(times.length).padStart(4)}` +
      `  p50 ${percentile(times, 50).toFixed(1).padStart(6)}  p99 ${percentile(times, 99).toFixed(1).padStart(6)}` +
      `  max ${(times.at(-1) ?? 0).toFixed(1).padStart(7)} ms`,
  );

try {
  console.log(`${'attack'.padEnd(45)}  sent status   probes (/health and REST, ms)`);
  row('(none: the probes alone)', await run(null));
  for (const [name, request] of attacks) row(name, await run(request));
} finally {
  backend.stop();
}
