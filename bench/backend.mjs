// The local Supabase backend's speed: start-up (cold and warm), REST round trips next to the same
// query run directly on PGlite, REST requests/second at 1, 8 and 32 concurrent clients,
// insert-to-event latency with 50 realtime subscribers, memory, write latency with and without
// fsync, and sign-in under load (bench/backend/signin-load.mjs). Prints numbers; nothing passes
// or fails. Every loop is bounded in count and time, and all traffic stays on 127.0.0.1.
//
//   node bench/backend.mjs                  # the full run (about a minute and a half)
//   node bench/backend.mjs --quick          # fewer samples
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { start } from '../local-supabase/server.ts';
import { runSignInLoad } from './backend/signin-load.mjs';
import { runWriteLatency } from './backend/write-latency.mjs';

const { values: args } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
const SAMPLES = args.quick ? 100 : 400;
const THROUGHPUT_SECONDS = args.quick ? 1.5 : 4;
const INSERTS = args.quick ? 30 : 100;
const SUBSCRIBERS = 50;
const ARTICLE = 'bench.article';

const quiet = { inbucket: { enabled: false } };

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const ms = (value) => `${value.toFixed(2)} ms`;
const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;

let peakRss = 0;
const rssSampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

async function measureStartup(dataDir) {
  const began = performance.now();
  const cold = await start({ dataDir, port: 0, settings: quiet });
  const coldMs = performance.now() - began;
  await cold.stop();
  const warmBegan = performance.now();
  const warm = await start({ dataDir, port: 0, settings: quiet });
  const warmMs = performance.now() - warmBegan;
  return { server: warm, coldMs, warmMs, cold: cold.startup, warm: warm.startup };
}

async function seedComments(db) {
  await db.query(
    `insert into public.comments (article_key, author_id, body, language)
     select $1, p.id, 'Benchmark comment ' || g, 'en'
     from generate_series(1, 500) as g
     cross join lateral (select id from public.profiles order by id limit 1) as p`,
    [ARTICLE],
  );
}

/** The REST request and the SQL PostgREST-style handling boils down to, for the same rows. */
function restQuery(server) {
  const url = `${server.url}/rest/v1/comments?select=id,body,author_id,created_at&article_key=eq.${ARTICLE}&order=created_at.asc&limit=20`;
  const headers = { apikey: server.keys.anonKey, Authorization: `Bearer ${server.keys.anonKey}` };
  return async () => {
    const response = await fetch(url, { headers });
    const rows = await response.json();
    if (!Array.isArray(rows) || rows.length !== 20)
      throw new Error(`unexpected answer ${response.status}`);
  };
}

function directQuery(db) {
  const sql = `select coalesce(json_agg(t), '[]')::text as body from (
      select id, body, author_id, created_at from public.comments
      where article_key = $1 order by created_at asc limit 20) t`;
  return () => db.asRole({ role: 'anon' }, (tx) => tx.query(sql, [ARTICLE]));
}

async function timeEach(task, count) {
  for (let i = 0; i < Math.min(20, count); i++) await task(); // warm-up
  const times = [];
  for (let i = 0; i < count; i++) {
    const began = performance.now();
    await task();
    times.push(performance.now() - began);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function throughput(task, clients, seconds) {
  const deadline = performance.now() + seconds * 1000;
  const cap = 50_000;
  let done = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline && done < cap) {
        await task();
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - began) / 1000);
}

async function userToken(secret, sub) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    sub,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + 3600,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

/**
 * `SUBSCRIBERS` supabase-js clients on the comments feed; `distinctUsers` gives each its own user
 * token (one RLS check per subscriber per change) instead of the shared anon key (one check).
 */
async function measureEvents(server, distinctUsers) {
  const clients = [];
  const arrivals = new Map();
  // Real accounts: realtime refuses the token of a user who does not exist.
  const { rows: users } = distinctUsers
    ? await server.db.query(
        `insert into auth.users (id, instance_id, aud, role, email, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         select gen_random_uuid(), '00000000-0000-0000-0000-000000000000', 'authenticated',
           'authenticated', 'bench-' || gen_random_uuid() || '@example.com', now(),
           '{"provider":"email","providers":["email"]}', '{}', now(), now()
         from generate_series(1, $1) returning id::text`,
        [SUBSCRIBERS],
      )
    : { rows: [] };
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const token = distinctUsers ? await userToken(server.keys.jwtSecret, users[i].id) : null;
    const client = createClient(server.url, server.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      ...(token ? { accessToken: async () => token } : {}),
    });
    const channel = client.channel(`bench-${i}`).on(
      'postgres_changes',
      {
        event: 'INSERT',
        schema: 'public',
        table: 'comments',
        filter: `article_key=eq.${ARTICLE}`,
      },
      (change) => {
        arrivals.get(change.new.body)?.push(performance.now());
      },
    );
    await new Promise((resolve, reject) => {
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
          reject(error ?? new Error(status));
      });
    });
    clients.push(client);
  }
  const latencies = [];
  const lastArrivals = [];
  for (let i = 0; i < INSERTS; i++) {
    const body = `event ${distinctUsers ? 'u' : 'a'} ${i}`;
    const times = [];
    arrivals.set(body, times);
    const began = performance.now();
    await server.db.query(
      `insert into public.comments (article_key, author_id, body, language)
       select $1, id, $2, 'en' from public.profiles order by id limit 1`,
      [ARTICLE, body],
    );
    const deadline = began + 10_000;
    while (times.length < SUBSCRIBERS && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    latencies.push(...times.map((t) => t - began));
    if (times.length === SUBSCRIBERS) lastArrivals.push(Math.max(...times) - began);
  }
  for (const client of clients) {
    await client.removeAllChannels();
    client.realtime.disconnect();
  }
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    allP50: percentile(lastArrivals, 50),
    delivered: latencies.length,
    expected: INSERTS * SUBSCRIBERS,
  };
}

const dataDir = await mkdtemp(join(tmpdir(), 'bench-backend-'));
let server;
try {
  console.log(
    `Local Supabase backend benchmark (Node ${process.version}, ${args.quick ? 'quick' : 'full'} run)\n`,
  );
  const startup = await measureStartup(join(dataDir, 'data'));
  server = startup.server;
  const rssAfterStart = process.memoryUsage().rss;
  console.log('Start-up');
  console.log(
    `  cold (initdb, bootstrap, migrations, seed): ${Math.round(startup.coldMs)} ms` +
      ` (PGlite open ${startup.cold.openMs} ms, prepare ${startup.cold.prepareMs} ms)`,
  );
  console.log(
    `  warm (existing data directory):             ${Math.round(startup.warmMs)} ms` +
      ` (PGlite open ${startup.warm.openMs} ms, prepare ${startup.warm.prepareMs} ms)`,
  );

  await seedComments(server.db);
  const rest = await timeEach(restQuery(server), SAMPLES);
  const direct = await timeEach(directQuery(server.db), SAMPLES);
  console.log(
    `\nRound trip: 20 comments of one article as anon (RLS), ${SAMPLES} sequential samples`,
  );
  console.log(`  REST over HTTP (fetch):            p50 ${ms(rest.p50)}  p95 ${ms(rest.p95)}`);
  console.log(`  same query on PGlite (db.asRole):  p50 ${ms(direct.p50)}  p95 ${ms(direct.p95)}`);
  console.log(
    `  ratio REST / direct:               p50 ${(rest.p50 / direct.p50).toFixed(2)}×  p95 ${(rest.p95 / direct.p95).toFixed(2)}×`,
  );

  console.log(`\nREST requests/second (same query, ${THROUGHPUT_SECONDS} s per level)`);
  for (const clients of [1, 8, 32]) {
    const rate = await throughput(restQuery(server), clients, THROUGHPUT_SECONDS);
    console.log(`  ${String(clients).padStart(2)} concurrent clients: ${Math.round(rate)} req/s`);
  }

  console.log(
    `\nInsert-to-event latency, ${SUBSCRIBERS} subscribers (supabase-js, filter on the article), ${INSERTS} inserts`,
  );
  for (const distinctUsers of [false, true]) {
    const events = await measureEvents(server, distinctUsers);
    const who = distinctUsers ? `${SUBSCRIBERS} different users` : 'all anon';
    console.log(
      `  ${who.padEnd(18)} p50 ${ms(events.p50)}  p95 ${ms(events.p95)}  ` +
        `(last of ${SUBSCRIBERS} p50 ${ms(events.allP50)}; ${events.delivered}/${events.expected} delivered)`,
    );
  }

  console.log('\nMemory (this process: server, PGlite worker, benchmark clients)');
  console.log(
    `  RSS after warm start: ${mb(rssAfterStart)}; peak during the run: ${mb(Math.max(peakRss, process.memoryUsage().rss))}`,
  );

  // After the memory figures: it starts two more servers in this process.
  await runWriteLatency({ quick: args.quick });
  // Its own server in a child process, so the sign-in clients do not share its event loop.
  await runSignInLoad({ quick: args.quick });
} finally {
  clearInterval(rssSampler);
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
