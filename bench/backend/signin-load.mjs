// Sign-in under load: 0, 1, 4 and 16 clients sign in with passwords in a loop against a backend in
// its own process (request limits raised so every attempt reaches bcrypt) while one probe reads 20
// comments over REST every 50 ms. Then 64 and 128 clients, more than the hashing keeps up with, to
// show how it gives (they wait their turn; past the wait bound, 504 request_timeout), bursts of 64,
// 128 and 256 members signing in once each from their own addresses, and the time of a wrong
// password for a known address next to an unknown one. Prints numbers; nothing passes or fails.
//
//   node bench/backend/signin-load.mjs [--quick] [--server <other checkout>/local-supabase/server.ts]
//   node bench/backend/signin-load.mjs --compare-probe [--rounds 3] [--quick]
//   node bench/backend/signin-load.mjs --bursts [--sizes 64,128,256] [--rounds 2]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { printRequestThreadWork } from './request-thread-work.mjs';

const DEMO_PASSWORD = 'polyglot-demo-2026';
const DEMO_EMAILS = ['member@example.com', 'second@example.com', 'moderator@example.com'];

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const ms = (value) =>
  Number.isFinite(value) ? `${Math.round(value).toLocaleString('en')} ms` : '–';
const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function startServer(serverModule, env) {
  const script = fileURLToPath(new URL('./signin-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, ...(serverModule ? [serverModule] : [])], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const [line] = await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`the benchmark server exited (${code}) before it listened`);
    }),
  ]);
  const { url, anonKey } = JSON.parse(line);
  // The server reports how long its database queue was held, and how many messages went to the
  // PGlite worker, every 250 ms.
  let heldMs = 0;
  let roundTrips = 0;
  lines.on('line', (text) => {
    const report = JSON.parse(text);
    if (typeof report.heldMs === 'number') heldMs = report.heldMs;
    if (typeof report.roundTrips === 'number') roundTrips = report.roundTrips;
  });
  return {
    url,
    anonKey,
    heldMs: () => heldMs,
    roundTrips: () => roundTrips,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

async function signIn(server, email, password) {
  const began = performance.now();
  const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  return { status: response.status, code: body.code, ms: performance.now() - began };
}

/** The probe's loop: one REST read every 50 ms while `running()`; returns the latencies. */
async function probeLoop(url, headers, running) {
  const times = [];
  while (running()) {
    const began = performance.now();
    const response = await fetch(url, { headers });
    const rows = await response.json();
    if (!Array.isArray(rows) || rows.length !== 20) throw new Error(`probe got ${response.status}`);
    times.push(performance.now() - began);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, 50 - (performance.now() - began))),
    );
  }
  return times;
}

/**
 * One REST read every 50 ms until `stop()`; returns the latencies. `thread: 'main'` (the default)
 * probes from this process's event loop, shared with the load-generating clients, as every earlier
 * run in bench/README.md did; `'own'` from a worker thread of its own, whose timings cannot include
 * time spent waiting behind the clients' work here (`--compare-probe` puts the two side by side).
 */
function startProbe(server, { thread = 'main' } = {}) {
  const url = `${server.url}/rest/v1/comments?select=id,body,author_id,created_at&article_key=eq.bench.signin&order=created_at.asc&limit=20`;
  const headers = { apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}` };
  if (thread === 'main') {
    let running = true;
    const loop = probeLoop(url, headers, () => running);
    return {
      async stop() {
        running = false;
        return loop;
      },
    };
  }
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     let running = true;
     parentPort.once('message', () => { running = false; });
     (${probeLoop.toString()})(workerData.url, workerData.headers, () => running)
       .then((times) => parentPort.postMessage(times), (error) => { throw error; });`,
    { eval: true, workerData: { url, headers } },
  );
  const done = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const times = await done;
      await worker.terminate();
      return times;
    },
  };
}

/**
 * What one password sign-in does on the database's queue: `count` sign-ins one at a time, no probe;
 * the queue's hold time and the messages to the PGlite worker, per sign-in.
 */
async function measureOneSignIn(server, count) {
  await sleep(300);
  const heldBefore = server.heldMs();
  const tripsBefore = server.roundTrips();
  for (let i = 0; i < count; i++) {
    const attempt = await signIn(server, DEMO_EMAILS[0], DEMO_PASSWORD);
    if (attempt.status !== 200) throw new Error(`sign-in answered ${attempt.status}`);
  }
  await sleep(300);
  return {
    heldMs: (server.heldMs() - heldBefore) / count,
    roundTrips: (server.roundTrips() - tripsBefore) / count,
  };
}

/** `clients` loops signing in for `seconds`; the REST probe runs meanwhile. */
async function measureLevel(server, clients, seconds, probeThread = 'main') {
  const probe = startProbe(server, { thread: probeThread });
  const attempts = [];
  const heldBefore = server.heldMs();
  const began = performance.now();
  const deadline = began + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const email = DEMO_EMAILS[i % DEMO_EMAILS.length];
      while (performance.now() < deadline)
        attempts.push(await signIn(server, email, DEMO_PASSWORD));
    }),
  );
  if (clients === 0) await sleep(seconds * 1000);
  const elapsed = (performance.now() - began) / 1000;
  const rest = await probe.stop();
  // The last report can be up to 250 ms old: let it catch up before reading it.
  await sleep(300);
  const dbBusy = (server.heldMs() - heldBefore) / (elapsed * 1000 + 300);
  const ok = attempts.filter((attempt) => attempt.status === 200);
  const refused = attempts.filter((attempt) => attempt.status === 429);
  const other = attempts.length - ok.length - refused.length;
  return {
    clients,
    perSecond: ok.length / elapsed,
    signInP50: percentile(
      ok.map((attempt) => attempt.ms),
      50,
    ),
    signInP95: percentile(
      ok.map((attempt) => attempt.ms),
      95,
    ),
    refused: refused.length,
    refusedCodes: [...new Set(refused.map((attempt) => attempt.code))],
    refusedP95: percentile(
      refused.map((attempt) => attempt.ms),
      95,
    ),
    slowest: Math.max(0, ...attempts.map((attempt) => attempt.ms)),
    other,
    restP50: percentile(rest, 50),
    restP95: percentile(rest, 95),
    dbBusy,
  };
}

/**
 * One sign-in from a loopback address of its own (`localAddress`, 127.0.x.y; Linux routes all of
 * 127/8 to the loopback device), on a connection of its own: one member among many, not one client.
 */
function signInFrom(server, email, localAddress) {
  const began = performance.now();
  const body = JSON.stringify({ email, password: DEMO_PASSWORD });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}/auth/v1/token?grant_type=password`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          apikey: server.anonKey,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-supabase-api-version': '2024-01-01',
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          const parsed = JSON.parse(text);
          resolve({
            status: response.statusCode,
            code: parsed.code,
            ms: performance.now() - began,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const burstAddress = (i) => `127.0.${1 + Math.floor(i / 250)}.${2 + (i % 250)}`;

/**
 * A burst: `size` members (burst-1@example.com …, signin-server.mjs) each sign in once from their own
 * address, all sent at the same moment, while the REST probe reads every 50 ms; before it, the probe
 * alone for `idleSeconds`. Answers by status and code, sign-in times, REST p50/p95 idle and during.
 */
async function measureBurst(server, size, idleSeconds) {
  const idle = startProbe(server);
  await sleep(idleSeconds * 1000);
  const idleTimes = await idle.stop();
  const probe = startProbe(server);
  const attempts = await Promise.all(
    Array.from({ length: size }, (_, i) =>
      signInFrom(server, `burst-${i + 1}@example.com`, burstAddress(i)),
    ),
  );
  const during = await probe.stop();
  const ok = attempts.filter((attempt) => attempt.status === 200);
  const refused = attempts.filter((attempt) => attempt.status !== 200);
  const codes = {};
  for (const attempt of refused) {
    const key = `${attempt.status} ${attempt.code}`;
    codes[key] = (codes[key] ?? 0) + 1;
  }
  const okTimes = ok.map((attempt) => attempt.ms);
  return {
    signedIn: ok.length,
    refused: refused.length,
    codes,
    signInP50: percentile(okTimes, 50),
    signInP95: percentile(okTimes, 95),
    slowest: Math.max(0, ...attempts.map((attempt) => attempt.ms)),
    idleP50: percentile(idleTimes, 50),
    idleP95: percentile(idleTimes, 95),
    duringP50: percentile(during, 50),
    duringP95: percentile(during, 95),
    duringSamples: during.length,
  };
}

/** Bursts of `sizes` sign-ins, `rounds` of each, every one after a few idle seconds. */
export async function runBursts(server, { sizes = [64, 128, 256], rounds = 2, idleSeconds = 3 }) {
  console.log(
    `\nBursts: each member signs in once from an address of its own, all at the same moment ` +
      `(REST probe every 50 ms; idle = the ${idleSeconds} s before the burst)`,
  );
  console.log(
    row([
      'burst',
      'round',
      'load avg',
      'signed in',
      'refused',
      'sign-in p50 / p95 / slowest',
      'REST idle p50 / p95',
      'REST during p50 / p95 (samples)',
      'p95 during / idle',
    ]),
  );
  console.log(row(['---:', '---:', '---:', '---:', '---', '---:', '---:', '---:', '---:']));
  for (const size of sizes) {
    for (let round = 1; round <= rounds; round++) {
      const load = os.loadavg()[0];
      const burst = await measureBurst(server, size, idleSeconds);
      const codes = Object.entries(burst.codes)
        .map(([key, count]) => `${count} × ${key}`)
        .join(', ');
      console.log(
        row([
          String(size),
          String(round),
          `${load.toFixed(1)}–${os.loadavg()[0].toFixed(1)}`,
          String(burst.signedIn),
          burst.refused === 0 ? '0' : `${burst.refused} (${codes})`,
          `${ms(burst.signInP50)} / ${ms(burst.signInP95)} / ${ms(burst.slowest)}`,
          `${ms(burst.idleP50)} / ${ms(burst.idleP95)}`,
          `${ms(burst.duringP50)} / ${ms(burst.duringP95)} (${burst.duringSamples})`,
          `${(burst.duringP95 / burst.idleP95).toFixed(1)}×`,
        ]),
      );
    }
  }
}

async function signUp(server, email) {
  const began = performance.now();
  const response = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify({ email, password: 'a-new-password-9' }),
  });
  await response.json();
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}`);
  return performance.now() - began;
}

/** Sign-up of a registered (confirmed) address and of a new one, alternating, one at a time. */
async function measureSignUpTiming(server, samples) {
  const known = [];
  const unknown = [];
  for (let i = 0; i < samples + 3; i++) {
    const a = await signUp(server, DEMO_EMAILS[i % DEMO_EMAILS.length]);
    const b = await signUp(server, `newcomer-${i}@example.com`);
    if (i < 3) continue;
    known.push(a);
    unknown.push(b);
  }
  return { known, unknown };
}

/** A wrong password for a known address and for an unknown one, alternating, one at a time. */
async function measureEnumerationTiming(server, samples) {
  const known = [];
  const unknown = [];
  for (let i = 0; i < samples + 3; i++) {
    const a = await signIn(server, DEMO_EMAILS[0], 'not-the-password');
    const b = await signIn(server, `nobody-${i}@example.com`, 'not-the-password');
    if (i < 3) continue; // warm-up
    known.push(a.ms);
    unknown.push(b.ms);
  }
  return { known, unknown };
}

const row = (cells) => `| ${cells.join(' | ')} |`;

/** Prints the section; `quick` measures shorter. */
export async function runSignInLoad({ quick = false, serverModule, hashEnv = {} } = {}) {
  const seconds = quick ? 3 : 8;
  const server = await startServer(serverModule, hashEnv);
  try {
    console.log(
      `\nSign-in under load (${seconds} s per level; a REST probe reads 20 comments every 50 ms)` +
        (serverModule ? `\n  server: ${serverModule}` : ''),
    );
    console.log(
      row([
        'clients signing in',
        'sign-ins/s',
        'sign-in p50 / p95',
        'REST p50 / p95',
        'DB queue held',
        '429s',
        'other errors',
      ]),
    );
    console.log(row(['---:', '---:', '---:', '---:', '---:', '---:', '---:']));
    for (const clients of [0, 1, 4, 16, 64, 128]) {
      const level = await measureLevel(server, clients, seconds);
      console.log(
        row([
          String(clients),
          clients === 0 ? '–' : level.perSecond.toFixed(1),
          clients === 0 ? '–' : `${ms(level.signInP50)} / ${ms(level.signInP95)}`,
          `${ms(level.restP50)} / ${ms(level.restP95)}`,
          `${Math.round(level.dbBusy * 100)} %`,
          level.refused === 0
            ? '0'
            : `${level.refused} (${level.refusedCodes.join(', ')}, p95 ${ms(level.refusedP95)})`,
          String(level.other),
        ]) + (clients >= 64 ? `  slowest answer ${ms(level.slowest)}` : ''),
      );
      await sleep(500);
    }
    await runBursts(server, { rounds: quick ? 1 : 2 });
    const samples = quick ? 10 : 20;
    const timing = await measureEnumerationTiming(server, samples);
    const knownMean = mean(timing.known);
    const unknownMean = mean(timing.unknown);
    console.log(`\nWrong password, ${samples} alternating tries each (one at a time, idle server)`);
    console.log(
      `  known address:   mean ${ms(knownMean)}  p50 ${ms(percentile(timing.known, 50))}`,
    );
    console.log(
      `  unknown address: mean ${ms(unknownMean)}  p50 ${ms(percentile(timing.unknown, 50))}`,
    );
    console.log(
      `  difference:      ${((Math.abs(knownMean - unknownMean) / knownMean) * 100).toFixed(1)} % of the known mean`,
    );
    const signUps = await measureSignUpTiming(server, samples);
    const knownSignUp = mean(signUps.known);
    const newSignUp = mean(signUps.unknown);
    console.log(`\nSign-up, ${samples} alternating tries each (confirmations on)`);
    console.log(
      `  registered address: mean ${ms(knownSignUp)}  p50 ${ms(percentile(signUps.known, 50))}`,
    );
    console.log(
      `  new address:        mean ${ms(newSignUp)}  p50 ${ms(percentile(signUps.unknown, 50))}`,
    );
    console.log(
      `  difference:         ${((Math.abs(knownSignUp - newSignUp) / newSignUp) * 100).toFixed(1)} % of the new mean`,
    );
    await printRequestThreadWork({ quick });
  } finally {
    await server.stop();
  }
}

/**
 * REST p95 with 4 clients signing in against idle, with the probe on this process's event loop
 * (shared with the clients) and on a thread of its own, alternating so that both see the same
 * machine: idle and 4 clients for one probe, then for the other, `rounds` times.
 */
export async function compareProbes({ rounds = 3, seconds = 8, serverModule } = {}) {
  const server = await startServer(serverModule, {});
  try {
    console.log(
      `\nREST probe on the clients' event loop vs on its own thread (${seconds} s per level, alternating)`,
    );
    console.log(
      row([
        'round',
        'probe',
        'load avg',
        'idle p50 / p95',
        '4 clients p50 / p95',
        'p95 ratio',
        'sign-ins/s',
        'DB queue held idle → 4',
      ]),
    );
    console.log(row(['---:', '---', '---:', '---:', '---:', '---:', '---:', '---:']));
    for (let round = 1; round <= rounds; round++) {
      for (const thread of ['main', 'own']) {
        const idle = await measureLevel(server, 0, seconds, thread);
        await sleep(500);
        const busy = await measureLevel(server, 4, seconds, thread);
        await sleep(500);
        console.log(
          row([
            String(round),
            thread === 'main' ? "clients' loop" : 'own thread',
            os.loadavg()[0].toFixed(1),
            `${ms(idle.restP50)} / ${ms(idle.restP95)}`,
            `${ms(busy.restP50)} / ${ms(busy.restP95)}`,
            `${(busy.restP95 / idle.restP95).toFixed(1)}×`,
            busy.perSecond.toFixed(1),
            `${Math.round(idle.dbBusy * 100)} → ${Math.round(busy.dbBusy * 100)} %`,
          ]),
        );
      }
    }
  } finally {
    await server.stop();
  }
}

/**
 * This checkout's server against another's (`--against <checkout>/local-supabase/server.ts`), both
 * running, alternating level by level so that both see the same machine: per server and round, one
 * sign-in's queue hold and round trips (20 one at a time), then sign-ins/s, REST p50/p95 and the
 * queue's busy share at `levels` clients.
 */
export async function compareServers({ against, rounds = 2, seconds = 3, levels = [0, 1, 4, 16] }) {
  const servers = [
    { name: 'this checkout', server: await startServer(undefined, {}) },
    { name: against, server: await startServer(against, {}) },
  ];
  try {
    console.log(
      `\nThis checkout's server against ${against} (${seconds} s per level, alternating)`,
    );
    console.log(
      row([
        'round',
        'server',
        'load avg',
        'one sign-in: queue held / round trips',
        ...levels.map((clients) => `${clients} clients: sign-ins/s, REST p50 / p95, queue busy`),
      ]),
    );
    console.log(row(['---:', '---', '---:', '---:', ...levels.map(() => '---:')]));
    for (let round = 1; round <= rounds; round++) {
      for (const { name, server } of round % 2 ? servers : [...servers].reverse()) {
        const load = os.loadavg()[0];
        const one = await measureOneSignIn(server, 20);
        const cells = [];
        for (const clients of levels) {
          const level = await measureLevel(server, clients, seconds);
          cells.push(
            `${clients === 0 ? '–' : level.perSecond.toFixed(1)}, ${ms(level.restP50)} / ${ms(level.restP95)}, ${Math.round(level.dbBusy * 100)} %`,
          );
          await sleep(500);
        }
        console.log(
          row([
            String(round),
            name,
            `${load.toFixed(1)}–${os.loadavg()[0].toFixed(1)}`,
            `${one.heldMs.toFixed(2)} ms / ${one.roundTrips.toFixed(1)}`,
            ...cells,
          ]),
        );
      }
    }
  } finally {
    await Promise.all(servers.map(({ server }) => server.stop()));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      server: { type: 'string' },
      'compare-probe': { type: 'boolean', default: false },
      rounds: { type: 'string' },
      against: { type: 'string' },
      bursts: { type: 'boolean', default: false },
      sizes: { type: 'string' },
    },
  });
  if (values.bursts) {
    const server = await startServer(values.server, {});
    try {
      await runBursts(server, {
        sizes: values.sizes ? values.sizes.split(',').map(Number) : undefined,
        rounds: Number(values.rounds ?? 2),
      });
    } finally {
      await server.stop();
    }
  } else if (values.against) {
    await compareServers({
      against: values.against,
      rounds: Number(values.rounds ?? 2),
      seconds: values.quick ? 3 : 8,
    });
  } else if (values['compare-probe']) {
    await compareProbes({
      rounds: Number(values.rounds ?? 3),
      seconds: values.quick ? 3 : 8,
      serverModule: values.server,
    });
  } else {
    await runSignInLoad({ quick: values.quick, serverModule: values.server });
  }
}
