// Realtime at scale: readers of one popular article, each on their own socket, while a comment is
// posted every half second. For 100, 500 and 1,000 subscribers, anonymous and distinct signed-in,
// over the three paths live comments could take:
//   - changes:   postgres_changes INSERT on comments, filter article_key=eq.<key> (RLS per claim set);
//   - database:  Broadcast from Database, the product's trigger (realtime.send) to the private
//                channel article:<key>, authorized at join by the realtime.messages policies;
//   - broadcast: a plain client broadcast on a public channel (the floor: no database at all).
// Prints subscribe time, joins refused (and after the table, by Realtime's reason), events lost
// and duplicated over the subscribers that joined, latency p50/p95/p99 from just before the
// insert (or send) to each subscriber's callback, and the server's peak RSS. The subscribers run
// in a child process, so the RSS is the server's alone. Where the time goes: the server's part
// (from just before the insert until the server has written the comment to the last socket) and
// the readers' CPU per message received (realtime-js in the subscribers' processes, which share
// the machine's cores with the server). Numbers, not a test.
//
//   npm run bench:realtime                      # 100, 500, 1000 subscribers, 10 events each
//   npm run bench:realtime -- --sizes 100 --events 4   # a quick look
//   SUPABASE_LOCAL_REALTIME_MAX_JOINS_PER_SECOND=100 npm run bench:realtime -- --sizes 2000
//                                               # where a limit refuses joins
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { readEnvOverrides } from '../local-supabase/config/config.ts';
import { deliveredChannel } from '../local-supabase/realtime/changes/deliver.ts';
import { startBenchBackend } from './lib/backend.mjs';
import { socketHostProcesses } from './lib/socket-host-processes.mjs';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100,500,1000' },
    events: { type: 'string', default: '10' },
    paths: { type: 'string', default: 'changes,database,broadcast' },
    processes: { type: 'string', default: '1' },
    // Readers joining per second, over all processes (default: all at once).
    'joins-per-second': { type: 'string' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const EVENTS = Number(args.events);
const PATHS = args.paths.split(',');
const PROCESSES = Number(args.processes);
const JOINS_PER_SECOND = args['joins-per-second'] ? Number(args['joins-per-second']) : null;
const INTERVAL_MS = 500;
const SETTLE_MS = 3000;
const ARTICLE = 'bench-popular-article';
const now = () => performance.timeOrigin + performance.now();

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * The server's memory: this process (the backend and the bench's sender) and the processes it
 * handed sockets to past its share (local-supabase/realtime/socket-hosts.ts), with their count.
 */
function serverMemory() {
  const hosts = socketHostProcesses();
  const rss = hosts.reduce((sum, host) => sum + host.rssBytes, process.memoryUsage().rss);
  return { rss, hosts: hosts.length };
}

/**
 * Connections the kernel turned away because the accept queue was full (Linux's TcpExt
 * ListenOverflows, for the whole machine): such a client retries after 1, 3, 7 … s, so a reader
 * can wait past realtime-js's join timeout without the server seeing it. Null where unknown.
 */
function listenOverflows() {
  try {
    const [names, values] = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('TcpExt:'))
      .map((line) => line.split(/\s+/));
    const value = Number(values?.[names?.indexOf('ListenOverflows') ?? -1]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

let peakRss = 0;
let peakHosts = 0;
const sampler = setInterval(() => {
  const { rss, hosts } = serverMemory();
  peakRss = Math.max(peakRss, rss);
  peakHosts = Math.max(peakHosts, hosts);
}, 250);

// The realtime limits as the CLI reads them (SUPABASE_LOCAL_REALTIME_MAX_CONNECTIONS, …), so a run
// can show where they refuse joins.
const { server } = await startBenchBackend({ realtimeLimits: readEnvOverrides().realtimeLimits });
const { db, keys, url } = server;
const author = (await db.query(`select id from public.profiles order by id limit 1`)).rows[0].id;

/** Distinct signed-in readers: real auth.users rows (and profiles), each with its own token. */
async function readers(count) {
  const { rows } = await db.query(
    `insert into auth.users (id, instance_id, aud, role, email, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select gen_random_uuid(), '00000000-0000-0000-0000-000000000000', 'authenticated',
       'authenticated', 'bench-' || gen_random_uuid() || '@example.com', now(),
       '{"provider":"email","providers":["email"]}', '{}', now(), now()
     from generate_series(1, $1) returning id::text`,
    [count],
  );
  const secret = new TextEncoder().encode(keys.jwtSecret);
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return Promise.all(
    rows.map(({ id }) =>
      new SignJWT({ sub: id, role: 'authenticated', aud: 'authenticated', exp })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(secret),
    ),
  );
}

/**
 * The subscribers, split over `PROCESSES` child processes (readers are on many machines; one
 * process reading every socket would time its own queue). Resolves with what all of them report.
 */
function startSubscribers({ tokens, count, ...options }) {
  const parts = Math.min(PROCESSES, count);
  const children = Array.from({ length: parts }, (_, part) => {
    const first = Math.floor((part * count) / parts);
    const end = Math.floor(((part + 1) * count) / parts);
    const child = fork(new URL('./realtime/subscribers.mjs', import.meta.url));
    child.send({
      ...options,
      tokens: tokens?.slice(first, end) ?? null,
      count: end - first,
      first,
      joinsPerSecond: JOINS_PER_SECOND && JOINS_PER_SECOND / parts,
    });
    return child;
  });
  const nextOf = (child, type) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => {
        if (code !== 0) reject(new Error(`subscribers exited with ${code}`));
      });
    });
  const ready = async () => {
    const parts = await Promise.all(children.map((child) => nextOf(child, 'ready')));
    const refusals = {};
    for (const part of parts) {
      for (const [reason, n] of Object.entries(part.refusals)) {
        refusals[reason] = (refusals[reason] ?? 0) + n;
      }
    }
    return {
      subscribeMs: Math.max(...parts.map((part) => part.subscribeMs)),
      joined: parts.flatMap((part) => part.joined),
      refusals,
    };
  };
  const arrivals = async () => {
    const replies = children.map((child) => nextOf(child, 'arrivals'));
    for (const child of children) child.send({ type: 'finish' });
    const parts = await Promise.all(replies);
    return {
      arrivals: parts.flatMap((reply) => reply.arrivals),
      cpuMicros: parts.reduce((sum, reply) => sum + reply.cpuMicros, 0),
    };
  };
  return { ready, arrivals };
}

/** Sends one event on `path`; resolves once it is handed to the server. */
function sender(path) {
  if (path !== 'broadcast') {
    return async (body) => {
      await db.query(
        `insert into public.comments (article_key, author_id, body, language)
         values ($1, $2, $3, 'en')`,
        [ARTICLE, author, body],
      );
    };
  }
  const client = createClient(url, keys.anonKey, { auth: { persistSession: false } });
  const channel = client.channel(`plain:${ARTICLE}`);
  const joined = new Promise((resolve) => {
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') resolve();
    });
  });
  const send = async (body) => {
    await joined;
    await channel.send({ type: 'broadcast', event: 'comment', payload: { body } });
  };
  send.close = () => client.realtime.disconnect();
  return send;
}

/** The comment a delivered change carries: the row itself, or the product's broadcast of it. */
function bodyOfChange(change) {
  if (change.type === 'BROADCAST') return change.record?.payload?.comment?.body;
  return change.table === 'comments' ? change.record?.body : undefined;
}

/** When the server had written each comment to every socket, by comment (deliverChanges tells). */
const serverDone = new Map();
deliveredChannel.subscribe(({ changes }) => {
  const at = now();
  for (const change of changes) {
    const body = bodyOfChange(change);
    if (body !== undefined && !serverDone.has(body)) serverDone.set(body, at);
  }
});

async function run(path, count, signedIn) {
  const tokens = signedIn ? await readers(count) : null;
  peakRss = serverMemory().rss;
  peakHosts = 0;
  const overflowsBefore = listenOverflows();
  const subscribers = startSubscribers({
    url,
    anonKey: keys.anonKey,
    tokens,
    count,
    path,
    article: ARTICLE,
  });
  const ready = await subscribers.ready();
  const send = sender(path);
  const sent = new Map();
  for (let i = 0; i < EVENTS; i++) {
    const body = `${path} ${signedIn ? 'users' : 'anon'} ${count} #${i}`;
    const at = now();
    sent.set(body, at);
    await send(body);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at + INTERVAL_MS - now())));
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const { arrivals, cpuMicros } = await subscribers.arrivals();
  send.close?.();
  const joined = new Set(ready.joined);
  const seen = new Set();
  let duplicates = 0;
  const latencies = [];
  for (const [body, index, at] of arrivals) {
    // A refused subscriber that realtime-js rejoined later is not counted: losses are over the
    // subscribers that joined.
    if (!sent.has(body) || !joined.has(index)) continue;
    const key = `${body}|${index}`;
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    latencies.push(at - sent.get(body));
  }
  latencies.sort((a, b) => a - b);
  // A client broadcast never reaches the database's delivery: no server part for that path.
  const serverTimes = [...sent]
    .filter(([body]) => serverDone.has(body))
    .map(([body, at]) => serverDone.get(body) - at)
    .sort((a, b) => a - b);
  const expected = joined.size * EVENTS;
  const refused = Object.values(ready.refusals).reduce((sum, n) => sum + n, 0);
  return {
    path,
    who: signedIn ? 'signed-in' : 'anon',
    count,
    subscribeMs: ready.subscribeMs,
    refused,
    refusals: ready.refusals,
    lost: expected - seen.size,
    duplicates,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    server: serverTimes.length > 0 ? serverTimes : null,
    readerCpuUs: arrivals.length > 0 ? cpuMicros / arrivals.length : NaN,
    rssMb: Math.round(peakRss / 2 ** 20),
    hosts: peakHosts,
    listenOverflows:
      overflowsBefore === null ? null : (listenOverflows() ?? overflowsBefore) - overflowsBefore,
  };
}

/** One line per refusal reason of a row: `database anon 10000: ClientJoinRateLimitReached 4,264`. */
function refusalLines(r) {
  return Object.entries(r.refusals).map(
    ([reason, n]) => `- ${r.path} ${r.who} ${r.count}: ${reason} ${n.toLocaleString('en')}`,
  );
}

const serverPart = (times) =>
  times ? `${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)}` : '–';

const refusalNotes = [];
console.log(
  `Realtime benchmark (Node ${process.version}): ${EVENTS} comments at 2/s per row, ` +
    `one socket per subscriber, subscribers in ${PROCESSES} child process(es), ` +
    (JOINS_PER_SECOND ? `joining at ${JOINS_PER_SECOND}/s\n` : `all joining at once\n`),
);
const header =
  '| path | who | subscribers | subscribe s | refused | lost | dup | p50 ms | p95 ms | p99 ms | server part p50 / p95 ms | readers CPU µs/msg | server RSS MB | socket hosts |';
console.log(header);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
try {
  for (const count of SIZES) {
    for (const path of PATHS) {
      for (const signedIn of path === 'broadcast' ? [false] : [false, true]) {
        const r = await run(path, count, signedIn);
        refusalNotes.push(...refusalLines(r));
        if (r.listenOverflows) {
          refusalNotes.push(
            `- ${r.path} ${r.who} ${r.count}: ${r.listenOverflows} connections turned away by a full accept queue (the whole machine's count)`,
          );
        }
        console.log(
          `| ${r.path} | ${r.who} | ${r.count} | ${(r.subscribeMs / 1000).toFixed(2)} | ${r.refused} | ${r.lost} | ${r.duplicates} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.p99.toFixed(0)} | ${serverPart(r.server)} | ${r.readerCpuUs.toFixed(1)} | ${r.rssMb} | ${r.hosts} |`,
        );
      }
    }
  }
} finally {
  if (refusalNotes.length > 0)
    console.log(
      `\nRefused joins by Realtime's reason, and connections turned away:\n${refusalNotes.join('\n')}`,
    );
  clearInterval(sampler);
  await server.stop();
}
