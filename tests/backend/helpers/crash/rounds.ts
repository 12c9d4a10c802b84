// Crash rounds: the local backend as its own process on a persistent data directory (server.ts, fsync
// on), written to by concurrent clients (REST inserts, storage uploads, users made through the admin
// API, public sign-ups through /auth/v1/signup), stopped by a signal mid-write and started again.
// After each restart it checks that every write the server acknowledged in any round is there (each
// of the round's public sign-ups signs in with its password), that every object row downloads whole,
// and that the start-up sweep left no stored file without a row. Used by the crash test
// (tests/backend/durability/crash-rounds.test.ts) and the bench (bench/backend/crash.mjs).
// Loopback only; every wait is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../../local-supabase/config/config.ts';
import { projectRoot } from '../../../../local-supabase/paths.ts';

export interface CrashOptions {
  /** The signal that ends each round, one per round (SIGKILL: a crash; SIGTERM: a graceful stop). */
  signals: NodeJS.Signals[];
  /** Concurrent writers. */
  writers: number;
  /** A round's signal is sent once this many of its writes of each kind are acknowledged … */
  eachKindBeforeSignal: number;
  /** … and at least this long (plus up to `jitterMs`) after the round began. */
  minRoundMs: number;
  jitterMs: number;
  /** A prepared data directory for the first start (skips initdb and the migrations). */
  templateDir?: string;
  /** How long one start may take (the machine may be loaded). */
  startTimeoutMs?: number;
  onRound?(result: RoundResult): void;
}

export interface RoundResult {
  round: number;
  signal: NodeJS.Signals;
  /** Writes acknowledged so far, over all rounds. */
  acknowledged: { comments: number; uploads: number; users: number; signUps: number };
  /** Writes acknowledged in this round, by kind. */
  acknowledgedThisRound: Record<Kind, number>;
  /** The first refusal of each kind in this round (cut off by the signal, or refused), for a reader. */
  firstRefusals: Partial<Record<Kind, string>>;
  /** Acknowledged writes (of any round) not found after this restart: must be empty. */
  lost: string[];
  /** This round's public sign-ups that signed in with their password after the restart. */
  signedIn: number;
  /** Object rows whose bytes do not download whole: must be 0. */
  missingBytes: number;
  /** Writes of this round whose client got an error although they committed (only after SIGKILL). */
  answeredWithError: number;
  /** Files the start-up sweep removed, and the files still without a row after it (must be 0). */
  swept: number;
  orphans: number;
  objects: number;
  restartMs: number;
}

const KINDS = ['comment', 'upload', 'user', 'sign-up'] as const;
export type Kind = (typeof KINDS)[number];

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  startMs: number;
}

interface Ledger {
  comments: Set<string>;
  files: Map<string, number>;
  users: Set<string>;
  signUps: Map<string, string>;
  /** This round's: acknowledged public sign-ups, writes refused or cut off, acknowledged counts. */
  roundSignUps: string[];
  roundFailed: { kind: Kind; key: string }[];
  roundAcknowledged: Record<Kind, number>;
  firstRefusals: Partial<Record<Kind, string>>;
}

function noWrites(): Record<Kind, number> {
  return { comment: 0, upload: 0, user: 0, 'sign-up': 0 };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function startServer(dataDir: string, templateDir: string | undefined, timeoutMs: number) {
  const args = ['tests/backend/helpers/crash/server.ts', '--data-dir', dataDir];
  if (templateDir) args.push('--template-dir', templateDir);
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const began = performance.now();
  return new Promise<Running>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /^READY (\S+)$/m.exec(output);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: ready[1], output: () => output, startMs: performance.now() - began });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before it listened:\n${output}`));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  // A child ended by a signal has `signalCode` set and `exitCode` null.
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => {
        child.once('exit', () => {
          resolve();
        });
      });
}

interface Init {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

async function request(url: string, init: Init, key: string): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    headers: { apikey: key, Authorization: `Bearer ${key}`, ...init.headers },
  });
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return response;
}

interface Keys {
  service: string;
  anon: string;
}

/** One write of `kind`, resolved once the server acknowledged it; returns what to look for after. */
async function write(
  url: string,
  keys: Keys,
  kind: Kind,
  tag: string,
  author: string,
  ledger: Ledger,
) {
  const json = { 'Content-Type': 'application/json' };
  if (kind === 'comment') {
    await request(
      `${url}/rest/v1/comments`,
      {
        method: 'POST',
        headers: { ...json, Prefer: 'return=minimal' },
        body: JSON.stringify({
          article_key: 'crash.test',
          author_id: author,
          body: tag,
          language: 'en',
        }),
      },
      keys.service,
    );
    ledger.comments.add(tag);
  } else if (kind === 'upload') {
    const bytes = new TextEncoder().encode(`${tag} `.repeat(200));
    await request(
      `${url}/storage/v1/object/crash/${tag}.txt`,
      { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: bytes },
      keys.service,
    );
    ledger.files.set(`${tag}.txt`, bytes.byteLength);
  } else if (kind === 'user') {
    const email = `${tag}@crash.test`;
    await request(
      `${url}/auth/v1/admin/users`,
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password: 'crash-test-pw', email_confirm: true }),
      },
      keys.service,
    );
    ledger.users.add(email);
  } else {
    // A reader signing up on the site: the public endpoint with the anon key, as supabase-js sends it.
    const email = `${tag}@signup.test`;
    await request(
      `${url}/auth/v1/signup`,
      { method: 'POST', headers: json, body: JSON.stringify({ email, password: `pw-${tag}` }) },
      keys.anon,
    );
    ledger.signUps.set(email, `pw-${tag}`);
    ledger.roundSignUps.push(email);
  }
  ledger.roundAcknowledged[kind]++;
}

function keyOf(kind: Kind, tag: string): string {
  if (kind === 'upload') return `${tag}.txt`;
  if (kind === 'user') return `${tag}@crash.test`;
  if (kind === 'sign-up') return `${tag}@signup.test`;
  return tag;
}

/** One writer: a loop of writes until `stop.done`; only acknowledged writes go into the ledger. */
async function writer(
  url: string,
  keys: Keys,
  name: string,
  author: string,
  ledger: Ledger,
  stop: { done: boolean },
) {
  for (let n = 0; !stop.done; n++) {
    const tag = `${name}-${n}`;
    const kind = KINDS[n % KINDS.length] ?? 'comment';
    try {
      await write(url, keys, kind, tag, author, ledger);
    } catch (error) {
      ledger.firstRefusals[kind] ??= String(error).slice(0, 200);
      // Refused or cut off: not acknowledged, so not expected to survive. Remembered, to count the
      // ones that committed anyway (after SIGKILL that can happen; after SIGTERM it must not).
      ledger.roundFailed.push({ kind, key: keyOf(kind, tag) });
    }
  }
}

async function listObjects(url: string, key: string) {
  const listed: { name: string; metadata?: { size?: number } }[] = [];
  for (let offset = 0; ; offset += 1000) {
    const response = await request(
      `${url}/storage/v1/object/list/crash`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ prefix: '', limit: 1000, offset }),
      },
      key,
    );
    const page = (await response.json()) as typeof listed;
    listed.push(...page);
    if (page.length < 1000) break;
  }
  return listed;
}

async function listUserEmails(url: string, key: string): Promise<Set<string>> {
  const emails = new Set<string>();
  for (let page = 1; ; page++) {
    const response = await request(
      `${url}/auth/v1/admin/users?page=${page}&per_page=1000`,
      {},
      key,
    );
    const { users } = (await response.json()) as { users: { email: string }[] };
    for (const user of users) emails.add(user.email);
    if (users.length < 1000) break;
  }
  return emails;
}

async function verify(server: Running, keys: Keys, dataDir: string, ledger: Ledger) {
  const { url } = server;
  const lost: string[] = [];
  const rows = (await (
    await request(`${url}/rest/v1/comments?select=body&article_key=eq.crash.test`, {}, keys.service)
  ).json()) as { body: string }[];
  const bodies = new Set(rows.map((row) => row.body));
  for (const body of ledger.comments) if (!bodies.has(body)) lost.push(`comment ${body}`);

  const listed = await listObjects(url, keys.service);
  const objects = new Map(listed.map((object) => [object.name, object]));
  for (const [name, size] of ledger.files) {
    const object = objects.get(name);
    if (!object) lost.push(`upload ${name}`);
    else if (object.metadata?.size !== size) lost.push(`upload ${name} (size)`);
  }
  // Never a row without bytes: every object the database lists downloads whole.
  let missingBytes = 0;
  for (const object of listed) {
    const response = await fetch(`${url}/storage/v1/object/crash/${object.name}`, {
      headers: { apikey: keys.service, Authorization: `Bearer ${keys.service}` },
    });
    const body = new Uint8Array(await response.arrayBuffer());
    if (!response.ok || body.byteLength !== object.metadata?.size) missingBytes++;
  }

  const emails = await listUserEmails(url, keys.service);
  for (const email of ledger.users) if (!emails.has(email)) lost.push(`user ${email}`);
  for (const email of ledger.signUps.keys()) if (!emails.has(email)) lost.push(`sign-up ${email}`);
  // This round's public sign-ups sign in with their passwords: the hash survived with the row.
  let signedIn = 0;
  for (const email of ledger.roundSignUps) {
    const answer = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: keys.anon, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: ledger.signUps.get(email) }),
    });
    if (answer.ok) signedIn++;
    else lost.push(`sign-in ${email} (${answer.status})`);
  }

  const present = ({ kind, key }: { kind: Kind; key: string }) =>
    kind === 'comment' ? bodies.has(key) : kind === 'upload' ? objects.has(key) : emails.has(key);
  const files = await readdir(join(dataDir, 'storage', 'crash')).catch(() => []);
  const swept = /removed (\d+) stored file/.exec(server.output());
  return {
    lost,
    signedIn,
    missingBytes,
    answeredWithError: ledger.roundFailed.filter(present).length,
    swept: swept ? Number(swept[1]) : 0,
    orphans: files.length - listed.length,
    objects: listed.length,
  };
}

/** Runs one round per signal and returns what each restart found. */
export async function runCrashRounds(options: CrashOptions): Promise<RoundResult[]> {
  const startTimeoutMs = options.startTimeoutMs ?? 300_000;
  // The server runs with the default keys (the CLI's public demo keys): read them as it does.
  const { local } = await loadConfig({ dataDir: null });
  const keys = { service: local.keys.serviceRoleKey, anon: local.keys.anonKey };
  const dataDir = await mkdtemp(join(tmpdir(), 'crash-rounds-'));
  const ledger: Ledger = {
    comments: new Set(),
    files: new Map(),
    users: new Set(),
    signUps: new Map(),
    roundSignUps: [],
    roundFailed: [],
    roundAcknowledged: noWrites(),
    firstRefusals: {},
  };
  const results: RoundResult[] = [];
  let server: Running | undefined;
  try {
    server = await startServer(dataDir, options.templateDir, startTimeoutMs);
    await request(
      `${server.url}/storage/v1/bucket`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: 'crash', name: 'crash', public: false }),
      },
      keys.service,
    );
    const profiles = (await (
      await request(`${server.url}/rest/v1/profiles?select=id&limit=1`, {}, keys.service)
    ).json()) as { id: string }[];
    const author = profiles[0]?.id ?? '';
    for (const [index, signal] of options.signals.entries()) {
      const round = index + 1;
      ledger.roundSignUps = [];
      ledger.roundFailed = [];
      ledger.roundAcknowledged = noWrites();
      ledger.firstRefusals = {};
      const stop = { done: false };
      const running = server;
      const writers = Array.from({ length: options.writers }, (_, id) =>
        writer(running.url, keys, `r${round}-w${id}`, author, ledger, stop),
      );
      const began = performance.now();
      const waitMs = options.minRoundMs + Math.random() * options.jitterMs;
      // Bounded: a round that cannot reach its count in 120 s is signalled anyway (and shows it).
      while (
        (KINDS.some((kind) => ledger.roundAcknowledged[kind] < options.eachKindBeforeSignal) ||
          performance.now() - began < waitMs) &&
        performance.now() - began < 120_000
      ) {
        await delay(20);
      }
      running.child.kill(signal);
      await exited(running.child);
      stop.done = true;
      await Promise.all(writers);
      server = await startServer(dataDir, undefined, startTimeoutMs);
      const found = await verify(server, keys, dataDir, ledger);
      const result: RoundResult = {
        round,
        signal,
        acknowledged: {
          comments: ledger.comments.size,
          uploads: ledger.files.size,
          users: ledger.users.size,
          signUps: ledger.signUps.size,
        },
        acknowledgedThisRound: ledger.roundAcknowledged,
        firstRefusals: ledger.firstRefusals,
        ...found,
        restartMs: server.startMs,
      };
      results.push(result);
      options.onRound?.(result);
    }
  } finally {
    server?.child.kill('SIGKILL');
    if (server) await exited(server.child);
    await rm(dataDir, { recursive: true, force: true });
  }
  return results;
}
