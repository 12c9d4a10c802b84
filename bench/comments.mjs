// Comments island benchmark (numbers, not pass/fail): the JavaScript an article page downloads
// once the comments scroll into view (gzip), and the latency from a comment's insert (through
// supabase-js, as another member) to its display in a reader's browser, p50/p95 over 20 comments.
//
// Needs a build for the backend on SUPABASE_LOCAL_PORT (default 55521):
//   SUPABASE_LOCAL_PORT=55521 npm run build && SUPABASE_LOCAL_PORT=55521 node bench/comments.mjs
// It starts that backend (tests/e2e/support/backend-server.ts) and serves dist/ itself.
// Not yet run to completion on the shared machine: comments are written as a demo member, whose
// 5-per-minute limit stops the loop after 5; writing with the service role key is the next step.
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';

const backendPort = process.env.SUPABASE_LOCAL_PORT ?? '55521';
const sitePort = process.env.BENCH_SITE_PORT ?? '55522';
const anonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const articleKey = 'translation-metadata-article-night-trains-of-europe';
const count = 20;

function start(command, args, env, readyText) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes(readyText)) resolve(child);
    });
  });
}

const backend = await start(
  'npx',
  ['node', 'tests/e2e/support/backend-server.ts'],
  { E2E_SUPABASE_PORT: backendPort, E2E_MAILBOX_PORT: '0' },
  'READY',
);
const site = await start(
  'npx',
  ['astro', 'preview', '--ignore-lock', '--host', '127.0.0.1', '--port', sitePort],
  {},
  sitePort,
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const bodies = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') {
      bodies.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
    }
  });
  await page.goto(`http://127.0.0.1:${sitePort}/en/articles/night-trains-of-europe/`);
  await page.waitForLoadState('networkidle');
  const before = new Set(bodies.keys());
  await page.locator('#comments').scrollIntoViewIfNeeded();
  await page.locator('#comments [data-readers]').waitFor();
  await page.waitForLoadState('networkidle');
  let islandBytes = 0;
  for (const [url, body] of bodies) if (!before.has(url)) islandBytes += gzipSync(body).length;
  let beforeBytes = 0;
  for (const url of before) beforeBytes += gzipSync(bodies.get(url)).length;

  await page.evaluate(() => {
    window.__seen = {};
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('#comments [data-comment-id]')) {
        const id = element.getAttribute('data-comment-id');
        window.__seen[id] ??= Date.now();
      }
    }).observe(document.body, { subtree: true, childList: true });
  });
  const writer = createClient(`http://127.0.0.1:${backendPort}`, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  await writer.auth.signInWithPassword({
    email: 'admin@example.com',
    password: 'polyglot-demo-2026',
  });
  const latencies = [];
  for (let index = 0; index < count; index += 1) {
    // 5 comments a minute per member is the product's limit: the benchmark writes as the service
    // would be slow to reach, so it pauses 12.5 s between comments only if the limit refuses.
    const id = crypto.randomUUID();
    const sent = Date.now();
    const { error } = await writer
      .from('comments')
      .insert({ id, article_key: articleKey, body: `bench ${index}`, language: 'en' });
    if (error) {
      console.error(`insert ${index}: ${error.message}`);
      break;
    }
    await page.waitForFunction((wanted) => window.__seen[wanted] !== undefined, id, {
      timeout: 30_000,
    });
    latencies.push((await page.evaluate((wanted) => window.__seen[wanted], id)) - sent);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
  console.log(`article page JS before scrolling (gzip): ${(beforeBytes / 1024).toFixed(1)} KB`);
  console.log(`comments island JS loaded on scroll (gzip): ${(islandBytes / 1024).toFixed(1)} KB`);
  console.log(
    `insert-to-display latency over ${latencies.length} comments: p50 ${pct(50)} ms, p95 ${pct(95)} ms`,
  );
} finally {
  await browser.close();
  site.kill('SIGTERM');
  backend.kill('SIGTERM');
}
