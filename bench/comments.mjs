// Comments island benchmark (numbers, not pass/fail): the JavaScript an article page downloads
// once the comments scroll into view (gzip), and the latency from a comment's insert to its display
// in readers' browsers (the island's live path: Broadcast from Database on article:{key}).
//
//   1. One reader, 20 comments one after another (each waits until it is shown): p50/p95.
//   2. Raising the load until something gives: R reader pages, then comments at 2, 10, 50 per
//      second and an unpaced burst. For each step: p50/p95/max insert-to-display over every reader,
//      and comments a reader never showed (within 30 s). The ramp stops at the first step that
//      loses a comment, or after the burst.
//
// Needs a build for the backend on SUPABASE_LOCAL_PORT (default 55521):
//   SUPABASE_LOCAL_PORT=55521 npm run build && SUPABASE_LOCAL_PORT=55521 node bench/comments.mjs
//   … node bench/comments.mjs --readers 5 --per-step 40
// It starts that backend (tests/e2e/support/backend-server.ts) and serves dist/ (or BENCH_DIST). Comments
// are written with the service key (as a member they would stop at the 5-per-minute limit), in the
// name of a demo member.
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { createClient } from '@supabase/supabase-js';
import { launchChromium, percentile, serveSite, startBackend } from './lib/browser-bench.mjs';

const { values: args } = parseArgs({
  options: {
    readers: { type: 'string', default: '3' },
    'per-step': { type: 'string', default: '20' },
  },
});
const readerCount = Number(args.readers);
const perStep = Number(args['per-step']);
const backendPort = process.env.SUPABASE_LOCAL_PORT ?? '55521';
const sitePort = process.env.BENCH_SITE_PORT ?? '55522';
const articleKey = 'translation-metadata-article-night-trains-of-europe';
const articlePath = '/en/articles/night-trains-of-europe/';
const authorId = '5eed0000-0000-4000-8000-000000000002'; // second@example.com, from the seed
const sequential = 20;
const rates = [2, 10, 50, Infinity];
const giveUpMs = 30_000;

const backend = await startBackend(backendPort, `http://127.0.0.1:${sitePort}`);
const { url, serviceKey } = backend;
const site = await serveSite(process.env.BENCH_DIST ?? 'dist', sitePort);
const browser = await launchChromium();
const writer = createClient(url, serviceKey, {
  auth: { persistSession: false, autoRefreshToken: false },
});

/** Opens the article in a fresh context and records when each comment first shows. */
async function openReader() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${sitePort}${articlePath}`);
  await page.locator('#comments').scrollIntoViewIfNeeded();
  await page.locator('#comments [data-readers]').waitFor();
  await page.evaluate(() => {
    window.__seen = {};
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('#comments [data-comment-id]')) {
        window.__seen[element.getAttribute('data-comment-id')] ??= Date.now();
      }
    }).observe(document.body, { subtree: true, childList: true });
  });
  return page;
}

async function insert(index, label) {
  const id = crypto.randomUUID();
  const sent = Date.now();
  const { error } = await writer.from('comments').insert({
    id,
    article_key: articleKey,
    author_id: authorId,
    body: `bench ${label} ${index}`,
    language: 'en',
  });
  if (error) throw new Error(`insert ${label} ${index}: ${error.message}`);
  return { id, sent };
}

/** Insert-to-display latencies of `sent` on every page, and how many a page never showed. */
async function collect(pages, sent) {
  const deadline = Date.now() + giveUpMs;
  const latencies = [];
  let lost = 0;
  for (const page of pages) {
    const ids = sent.map(({ id }) => id);
    await page
      .waitForFunction((wanted) => wanted.every((id) => window.__seen[id] !== undefined), ids, {
        timeout: Math.max(1, deadline - Date.now()),
      })
      .catch(() => undefined);
    const seen = await page.evaluate((wanted) => wanted.map((id) => window.__seen[id]), ids);
    seen.forEach((at, index) => {
      if (at === undefined) lost += 1;
      else latencies.push(at - sent[index].sent);
    });
  }
  return { latencies: latencies.sort((a, b) => a - b), lost };
}

try {
  const bodies = new Map();
  const first = await browser.newPage();
  first.on('response', async (response) => {
    if (response.request().resourceType() === 'script') {
      bodies.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
    }
  });
  await first.goto(`http://127.0.0.1:${sitePort}${articlePath}`);
  await first.waitForLoadState('networkidle');
  const before = new Set(bodies.keys());
  await first.locator('#comments').scrollIntoViewIfNeeded();
  await first.locator('#comments [data-readers]').waitFor();
  await first.waitForLoadState('networkidle');
  let islandBytes = 0;
  for (const [address, body] of bodies) {
    if (!before.has(address)) islandBytes += gzipSync(body).length;
  }
  let beforeBytes = 0;
  for (const address of before) beforeBytes += gzipSync(bodies.get(address)).length;
  await first.close();
  console.log(`article page JS before scrolling (gzip): ${(beforeBytes / 1024).toFixed(1)} KB`);
  console.log(`comments island JS loaded on scroll (gzip): ${(islandBytes / 1024).toFixed(1)} KB`);

  const one = await openReader();
  const latencies = [];
  for (let index = 0; index < sequential; index += 1) {
    const sent = await insert(index, 'sequential');
    const {
      latencies: [latency],
    } = await collect([one], [sent]);
    if (latency !== undefined) latencies.push(latency);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `insert-to-display, one reader, ${latencies.length} of ${sequential} comments one at a time: ` +
      `p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms`,
  );

  const pages = [one];
  while (pages.length < readerCount) pages.push(await openReader());
  console.log(`\nRaising the load: ${readerCount} reader pages, ${perStep} comments per step\n`);
  console.log('| comments/s | shown | lost | p50 ms | p95 ms | max ms |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const rate of rates) {
    const label = Number.isFinite(rate) ? `${rate}/s` : 'burst';
    const began = Date.now();
    const writes = [];
    for (let index = 0; index < perStep; index += 1) {
      if (Number.isFinite(rate)) {
        const due = began + (index * 1000) / rate;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      }
      writes.push(insert(index, label));
    }
    const sent = await Promise.all(writes);
    const { latencies: step, lost } = await collect(pages, sent);
    console.log(
      `| ${label} | ${step.length} | ${lost} | ${percentile(step, 50)} | ${percentile(step, 95)} | ${step.at(-1) ?? NaN} |`,
    );
    if (lost > 0) break;
  }
} finally {
  await browser.close();
  site.stop();
  backend.stop();
}
