// REST against the same read on PGlite directly, in one process, alternating blocks so that other
// processes' load falls on both alike (issue 34's "REST round trip ≤ 1.5× a direct PGlite query").
// Also the HTTP floor: `fetch` to a plain Node `http` server and to hono's node adapter answering
// REST's body as a fixed text, no database and no REST: the part of REST's time no REST code can
// take out.
//
//   npx node bench/backend/rest-vs-direct.mjs [--rounds 14] [--block 200]
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { startBenchBackend } from '../lib/backend.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '14' },
    block: { type: 'string', default: '200' },
  },
});
const rounds = Number(args.rounds);
const block = Number(args.block);
const ARTICLE = 'bench.article';
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

async function blockP50(task) {
  for (let i = 0; i < 20; i++) await task();
  const times = [];
  for (let i = 0; i < block; i++) {
    const began = performance.now();
    await task();
    times.push(performance.now() - began);
  }
  return median(times);
}

const { server } = await startBenchBackend();
try {
  await server.db.exec(`
    set session_replication_role = replica;
    insert into public.comments (article_key, author_id, body, language)
    select '${ARTICLE}', '5eed0000-0000-4000-8000-000000000001', 'Comment ' || n, 'en'
    from generate_series(1, 40) as n;
    set session_replication_role = origin;`);
  const url = `${server.url}/rest/v1/comments?select=id,body,author_id,created_at&article_key=eq.${ARTICLE}&order=created_at.asc&limit=20`;
  const headers = { apikey: server.keys.anonKey, Authorization: `Bearer ${server.keys.anonKey}` };
  const rest = async () => {
    const rows = await (await fetch(url, { headers })).json();
    if (rows.length !== 20) throw new Error(`REST answered ${JSON.stringify(rows)}`);
  };
  // What PostgREST's read boils down to, through the same transaction REST runs (asRole).
  const sql = `select coalesce(json_agg(t), '[]')::text as body from (
      select id, body, author_id, created_at from public.comments
      where article_key = $1 order by created_at asc limit 20) as t`;
  const direct = () => server.db.asRole({ role: 'anon' }, (tx) => tx.query(sql, [ARTICLE]));

  const p50s = { rest: [], direct: [] };
  for (let round = 0; round < rounds; round++) {
    p50s.rest.push(await blockP50(rest));
    p50s.direct.push(await blockP50(direct));
  }
  const ratios = p50s.rest.map((value, index) => value / p50s.direct[index]);
  const line = (list) => list.map((value) => value.toFixed(2)).join(' ');
  console.log(`${rounds} rounds × ${block} requests each, p50 per block (ms), in order:`);
  console.log(`  REST    ${line(p50s.rest)}`);
  console.log(`  direct  ${line(p50s.direct)}`);
  console.log(`  ratio   ${line(ratios)}  (median ${median(ratios).toFixed(2)}×)`);

  // The same body REST answers, so that the client's parsing is the same too.
  const body = await (await fetch(url, { headers })).text();
  const plain = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(body);
  });
  await new Promise((resolve) => plain.listen(0, '127.0.0.1', resolve));
  const app = new Hono().get('/rest/v1/comments', (c) =>
    c.body(body, 200, { 'content-type': 'application/json' }),
  );
  const adapter = await new Promise((resolve) => {
    const running = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(running),
    );
  });
  for (const [name, listener] of [
    ['node:http', plain],
    ['hono node adapter', adapter],
  ]) {
    const floorUrl = `http://127.0.0.1:${listener.address().port}/rest/v1/comments?select=*`;
    const p50 = await blockP50(async () => (await fetch(floorUrl, { headers })).json());
    console.log(`HTTP floor, ${name}: p50 ${p50.toFixed(3)} ms`);
    listener.close();
  }
} finally {
  await server.stop();
}
