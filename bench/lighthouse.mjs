/**
 * `npm run bench:lighthouse [-- --dist <dir>] [-- --desktop]`: Lighthouse's four scores for the root
 * language chooser and one page of each kind in every locale, from a build in `dist/` served as
 * `npm start` serves it. Chromium
 * is Debian's (`CHROMIUM_PATH`, default /usr/bin/chromium), started by Playwright with a debugging
 * port that Lighthouse drives. Mobile emulation with Lighthouse's simulated throttling unless
 * `--desktop`. It prints numbers, never passes or fails: scores vary a little from run to run and
 * with the machine's load (see bench/README.md).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { createSiteApp } from '../scripts/site-server/app.ts';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { pageTypeOf } from './lib/page-types.mjs';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    desktop: { type: 'boolean', default: false },
    // Keeps each page's full Lighthouse report (JSON) in this folder, to see what costs points.
    reports: { type: 'string' },
    // Scores only these paths (repeatable) instead of one page of each kind per locale.
    page: { type: 'string', multiple: true },
  },
});
const dist = resolve(values.dist);
if (!existsSync(resolve(dist, 'index.html'))) {
  throw new Error(`${dist} holds no build: run \`npm run build\` first`);
}

const server = await new Promise((done) => {
  const running = serve({ fetch: createSiteApp(dist).fetch, port: 0, hostname: '127.0.0.1' }, () =>
    done(running),
  );
});
const origin = `http://127.0.0.1:${String(server.address().port)}`;
const debuggingPort = 9300 + Math.floor(Math.random() * 500);
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [`--remote-debugging-port=${String(debuggingPort)}`, '--no-sandbox', '--disable-gpu'],
});

const pages = values.page ?? (await pagesToScore());
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
// The performance score's metrics (simulated on a throttled phone unless --desktop).
const metrics = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};
const rows = [['page', ...categories, ...Object.keys(metrics)]];
if (values.reports !== undefined) await mkdir(values.reports, { recursive: true });
try {
  for (const path of pages) {
    const result = await lighthouse(
      `${origin}${path}`,
      { port: debuggingPort, output: 'json', logLevel: 'error', onlyCategories: categories },
      values.desktop
        ? (await import('lighthouse/core/config/desktop-config.js')).default
        : undefined,
    );
    const scores = categories.map((id) => {
      const score = result?.lhr.categories[id]?.score;
      return score === null || score === undefined ? '–' : String(Math.round(score * 100));
    });
    const measured = Object.values(metrics).map((id) =>
      (result?.lhr.audits[id]?.displayValue ?? '–').replace(/\s/g, ''),
    );
    rows.push([path, ...scores, ...measured]);
    console.error(`${path}: ${[...scores, ...measured].join(' ')}`);
    if (values.reports !== undefined && result !== undefined) {
      const name = path.replace(/^\/|\/$/g, '').replace(/\//g, '_') || 'root';
      await writeFile(resolve(values.reports, `${name}.json`), JSON.stringify(result.lhr));
    }
  }
} finally {
  await browser.close();
  server.close();
}

console.log(`\nLighthouse ${values.desktop ? 'desktop' : 'mobile'} scores of ${dist} (0–100)\n`);
const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
for (const row of rows) {
  console.log(
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '),
  );
}

/**
 * The root language chooser, then the first page of each kind in every locale: the content pages
 * (home, list, article, category, author, static page, search), the 404 page, and the pages an
 * island draws (account, the e-mail link and new-password pages, moderation), which are noindex
 * on purpose, so Lighthouse's SEO score there says "blocked from indexing".
 */
async function pagesToScore() {
  const kinds = [
    'home',
    'article list',
    'article',
    'category',
    'author',
    'static page',
    'search',
    '404',
    'account',
    'auth page',
    'moderation',
  ];
  const files = (await readdir(dist, { recursive: true }))
    .map((file) => file.split('\\').join('/'))
    .filter((file) => file.endsWith('index.html'))
    .sort();
  const picked = ['/'];
  for (const locale of ['en', 'de', 'fr', 'ar']) {
    for (const kind of kinds) {
      const file = files.find((f) => f.startsWith(`${locale}/`) && pageTypeOf(f) === kind);
      if (file !== undefined) picked.push(`/${file.replace(/index\.html$/, '')}`);
    }
  }
  return picked;
}
