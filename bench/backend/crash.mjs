// Crash harness: runs the local backend as its own process on a persistent data directory (fsync on,
// crash-server.mjs), writes to it from concurrent clients (REST inserts, storage uploads, users made
// through the admin API and public sign-ups through /auth/v1/signup), kills it with SIGKILL mid-write,
// restarts it and checks that every write it acknowledged is still there (each public sign-up signs
// in with its password), that no stored object lacks its bytes, and that the start-up sweep left no
// orphan file.
// Bounded: a fixed number of rounds, each a few seconds; loopback only.
//
//   node bench/backend/crash.mjs               # 10 rounds
//   node bench/backend/crash.mjs --rounds 3 --signal SIGTERM
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../local-supabase/config/config.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    signal: { type: 'string', default: 'SIGKILL' },
    writers: { type: 'string', default: '6' },
  },
});
const ROUNDS = Math.min(50, Number(args.rounds));
const WRITERS = Number(args.writers);
const root = fileURLToPath(new URL('../..', import.meta.url));
// The server runs with the default keys (the CLI's public demo keys): read them as it does.
const { local } = await loadConfig({ dataDir: null });
const SERVICE_KEY = local.keys.serviceRoleKey;
const ANON_KEY = local.keys.anonKey;
const KINDS = ['comment', 'upload', 'user', 'sign-up'];
const headers = { apikey: SERVICE_KEY, Authorization: `Bearer ${SERVICE_KEY}` };

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir, port) {
  const child = spawn(
    process.execPath,
    ['bench/backend/crash-server.mjs', '--data-dir', dataDir, '--port', String(port)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const began = performance.now();
  const url = `http://127.0.0.1:${port}`;
  while (performance.now() - began < 300_000) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url, output: () => output, startMs: performance.now() - began };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start within 300 s:\n${output}`);
}

function exited(child) {
  // A child killed by a signal has `signalCode` set and `exitCode` null.
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', resolve));
}

async function request(url, init, as = headers) {
  const response = await fetch(url, { ...init, headers: { ...as, ...init.headers } });
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return response;
}

/** One writer: a loop of writes, each recorded only once the server acknowledged it. */
async function writer(url, id, round, acknowledged, stop, author) {
  for (let n = 0; !stop.done; n++) {
    const tag = `r${round}-w${id}-${n}`;
    const kind = KINDS[n % KINDS.length];
    try {
      if (kind === 'comment') {
        await request(`${url}/rest/v1/comments`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
          body: JSON.stringify({
            article_key: 'crash.test',
            author_id: author,
            body: tag,
            language: 'en',
          }),
        });
        acknowledged.comments.add(tag);
      } else if (kind === 'upload') {
        const bytes = new TextEncoder().encode(`${tag} `.repeat(200));
        await request(`${url}/storage/v1/object/crash/${tag}.txt`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain' },
          body: bytes,
        });
        acknowledged.files.set(`${tag}.txt`, bytes.byteLength);
      } else if (kind === 'user') {
        await request(`${url}/auth/v1/admin/users`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            email: `${tag}@crash.test`,
            password: 'crash-test-pw',
            email_confirm: true,
          }),
        });
        acknowledged.users.add(`${tag}@crash.test`);
      } else {
        // A reader signing up on the site: the public endpoint with the anon key, as supabase-js sends it.
        await request(
          `${url}/auth/v1/signup`,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email: `${tag}@signup.test`, password: `pw-${tag}` }),
          },
          { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
        );
        acknowledged.signUps.set(`${tag}@signup.test`, `pw-${tag}`);
        acknowledged.newSignUps.push(`${tag}@signup.test`);
      }
    } catch (error) {
      acknowledged.firstErrors[n % KINDS.length] ??= String(error).slice(0, 160);
      // Refused or cut off: not acknowledged, so not expected to survive. Remembered, to count the
      // ones that committed anyway (after SIGKILL that can happen; after SIGTERM it must not).
      acknowledged.failed.push(
        kind === 'comment'
          ? `comment ${tag}`
          : kind === 'upload'
            ? `upload ${tag}.txt`
            : kind === 'user'
              ? `user ${tag}@crash.test`
              : `user ${tag}@signup.test`,
      );
    }
  }
}

async function verify(url, dataDir, acknowledged) {
  const lost = [];
  const comments = await (
    await request(`${url}/rest/v1/comments?select=body&article_key=eq.crash.test`, {})
  ).json();
  const bodies = new Set(comments.map((row) => row.body));
  for (const body of acknowledged.comments) if (!bodies.has(body)) lost.push(`comment ${body}`);

  const listed = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await (
      await request(`${url}/storage/v1/object/list/crash`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ prefix: '', limit: 1000, offset }),
      })
    ).json();
    listed.push(...page);
    if (page.length < 1000) break;
  }
  const objects = new Map(listed.map((object) => [object.name, object]));
  for (const [name, size] of acknowledged.files) {
    if (!objects.has(name)) lost.push(`upload ${name}`);
    else if (objects.get(name).metadata?.size !== size) lost.push(`upload ${name} (size)`);
  }
  // Never a row without bytes: every object the database lists downloads whole.
  let missingBytes = 0;
  for (const object of listed) {
    const response = await fetch(`${url}/storage/v1/object/crash/${object.name}`, { headers });
    const body = new Uint8Array(await response.arrayBuffer());
    if (!response.ok || body.byteLength !== object.metadata?.size) missingBytes++;
  }

  const users = new Set();
  for (let page = 1; ; page++) {
    const answer = await (
      await request(`${url}/auth/v1/admin/users?page=${page}&per_page=1000`, {})
    ).json();
    for (const user of answer.users) users.add(user.email);
    if (answer.users.length < 1000) break;
  }
  for (const email of acknowledged.users) if (!users.has(email)) lost.push(`user ${email}`);
  for (const email of acknowledged.signUps.keys()) {
    if (!users.has(email)) lost.push(`sign-up ${email}`);
  }
  // This round's public sign-ups sign in with their passwords: the hash survived with the row.
  let signedIn = 0;
  for (const email of acknowledged.newSignUps.splice(0)) {
    const answer = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: acknowledged.signUps.get(email) }),
    });
    if (answer.ok) signedIn++;
    else lost.push(`sign-in ${email} (${answer.status})`);
  }

  const present = (what) => {
    const [kind, key] = what.split(' ');
    if (kind === 'comment') return bodies.has(key);
    if (kind === 'upload') return objects.has(key);
    return users.has(key);
  };
  const answeredWithError = acknowledged.failed.filter(present).length;

  const files = await readdir(join(dataDir, 'storage', 'crash')).catch(() => []);
  return {
    lost,
    signedIn,
    missingBytes,
    answeredWithError,
    orphans: files.length - listed.length,
    objects: listed.length,
  };
}

const dataDir = await mkdtemp(join(tmpdir(), 'crash-harness-'));
const acknowledged = {
  comments: new Set(),
  files: new Map(),
  users: new Set(),
  signUps: new Map(),
  newSignUps: [],
  failed: [],
  firstErrors: [],
};
const totals = {
  rounds: 0,
  lost: 0,
  missingBytes: 0,
  orphans: 0,
  restarts: [],
  swept: 0,
  answeredWithError: 0,
  signedIn: 0,
};
let server;
try {
  console.log(`Crash harness: ${ROUNDS} rounds, ${WRITERS} writers, ${args.signal} mid-write\n`);
  server = await startServer(dataDir, await freePort());
  await request(`${server.url}/storage/v1/bucket`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: 'crash', name: 'crash', public: false }),
  });
  const profiles = await (
    await request(`${server.url}/rest/v1/profiles?select=id&limit=1`, {})
  ).json();
  const author = profiles[0].id;
  for (let round = 1; round <= ROUNDS; round++) {
    const stop = { done: false };
    const writers = Array.from({ length: WRITERS }, (_, id) =>
      writer(server.url, id, round, acknowledged, stop, author),
    );
    await new Promise((resolve) => setTimeout(resolve, 2000 + Math.random() * 3000));
    server.child.kill(args.signal);
    await exited(server.child);
    stop.done = true;
    await Promise.all(writers);
    server = await startServer(dataDir, await freePort());
    const swept = /removed (\d+) stored file/.exec(server.output());
    const result = await verify(server.url, dataDir, acknowledged);
    totals.rounds++;
    totals.lost += result.lost.length;
    totals.missingBytes += result.missingBytes;
    totals.orphans += result.orphans;
    totals.answeredWithError = result.answeredWithError;
    totals.swept += swept ? Number(swept[1]) : 0;
    totals.signedIn += result.signedIn;
    totals.restarts.push(server.startMs);
    console.log(
      `  round ${round}: acknowledged so far ${acknowledged.comments.size} comments, ${acknowledged.files.size} uploads, ` +
        `${acknowledged.users.size} admin-made users, ${acknowledged.signUps.size} public sign-ups ` +
        `(${result.signedIn} of this round's signed in after the restart); lost ${result.lost.length}; objects ${result.objects}, ` +
        `without bytes ${result.missingBytes}; committed but answered with an error ${result.answeredWithError}; swept ${swept ? swept[1] : 0}, orphans after sweep ${result.orphans}; ` +
        `restart ${Math.round(server.startMs)} ms`,
    );
    for (const what of result.lost.slice(0, 5)) console.log(`    LOST ${what}`);
  }
} finally {
  server?.child.kill('SIGKILL');
  if (server) await exited(server.child);
  await rm(dataDir, { recursive: true, force: true });
}
const restarts = [...totals.restarts].sort((a, b) => a - b);
console.log(
  `\n${totals.rounds} rounds: acknowledged writes lost ${totals.lost}, objects without bytes ${totals.missingBytes}, ` +
    `files swept ${totals.swept}, orphans after the sweep ${totals.orphans}, ` +
    `committed but answered with an error ${totals.answeredWithError}, ` +
    `public sign-ups ${acknowledged.signUps.size} (signed in after a restart ${totals.signedIn}), ` +
    `restart median ${Math.round(restarts[Math.floor(restarts.length / 2)] ?? 0)} ms`,
);
console.log(
  `first refusal per kind (${KINDS.join(', ')}): ${JSON.stringify(acknowledged.firstErrors)}`,
);
process.exitCode = totals.lost + totals.missingBytes + totals.orphans > 0 ? 1 : 0;
