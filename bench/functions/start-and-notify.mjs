// Edge Functions on this machine: a function's cold start (its Deno process started by the first
// request) and warm calls, for a function without imports and for reply-notification (supabase-js
// from npm:, its packages already in Deno's cache); then the time from a reply's insert to its
// e-mail in the mailbox (webhook after commit, pg_net, the function, the mail API). Numbers, not a test.
//
//   npm run bench:functions                 # 5 cold starts, 50 warm calls, 20 replies
//   npm run bench:functions -- --rounds 2   # a quick look
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { start } from '../../local-supabase/server.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    warm: { type: 'string', default: '50' },
    replies: { type: 'string', default: '20' },
  },
});
const FIXTURES = new URL('../../tests/fixtures/functions', import.meta.url).pathname;
const ARTICLE = 'translation-metadata-article-unicode-explained';
const MEMBER = '5eed0000-0000-4000-8000-000000000001';
const SECOND = '5eed0000-0000-4000-8000-000000000002';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];
const ms = (value) => `${value.toFixed(0)} ms`;

async function timed(fn) {
  const began = performance.now();
  await fn();
  return performance.now() - began;
}

async function call(url, key, name) {
  const response = await fetch(`${url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A site that serves only the article index, as the built site does. */
const site = createServer((request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end('{}');
});
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const siteUrl = `http://127.0.0.1:${site.address().port}`;

async function startServer(functionsDir) {
  return start({
    dataDir: null,
    port: 0,
    mailboxPort: 0,
    ...(functionsDir ? { functionsDir } : {}),
    settings: { auth: { site_url: siteUrl } },
  });
}

console.log(`Edge Functions, ${args.rounds} cold starts and ${args.warm} warm calls each`);
for (const [name, dir] of [
  ['hello (no imports)', FIXTURES],
  ['reply-notification (npm:@supabase/supabase-js)', undefined],
]) {
  const fn = name.split(' ')[0];
  const cold = [];
  const warm = [];
  for (let round = 0; round < Number(args.rounds); round++) {
    const server = await startServer(dir);
    const key = server.keys.serviceRoleKey;
    cold.push(await timed(() => call(server.url, key, fn)));
    for (let i = 0; i < Number(args.warm) / Number(args.rounds); i++) {
      warm.push(await timed(() => call(server.url, key, fn)));
    }
    await server.stop();
  }
  console.log(
    `  ${name}: cold median ${ms(median(cold))} (min ${ms(Math.min(...cold))}, max ${ms(Math.max(...cold))}); warm median ${ms(median(warm))}, p95 ${ms(p95(warm))}`,
  );
}

const server = await startServer();
const admin = createClient(server.url, server.keys.serviceRoleKey, {
  auth: { persistSession: false },
});
const latencies = [];
for (let i = 0; i < Number(args.replies); i++) {
  // A new thread each time: the rules send one e-mail per thread and member an hour.
  const { data: parent } = await admin
    .from('comments')
    .insert({ article_key: ARTICLE, author_id: MEMBER, body: `Thread ${i}`, language: 'en' })
    .select('id')
    .single();
  server.mailbox.clear();
  const began = performance.now();
  await admin.from('comments').insert({
    article_key: ARTICLE,
    parent_id: parent.id,
    author_id: SECOND,
    body: `Reply ${i}`,
    language: 'en',
  });
  while (server.mailbox.list('member@example.com').length === 0) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  latencies.push(performance.now() - began);
}
await server.stop();
site.close();
console.log(
  `Reply insert to e-mail in the mailbox (${args.replies} replies, the first one's cold start included): median ${ms(median(latencies))}, p95 ${ms(p95(latencies))}, first ${ms(latencies[0])}`,
);
