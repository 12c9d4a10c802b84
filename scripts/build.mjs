// `npm run build`: `astro build` with its page-by-page log condensed into progress a person can read
// ("pages: 6,120 of about 10,730 — 5,980 reused, 140 rendered"), every other line as Astro prints
// it. The total is the previous build's (the first build has none). Extra arguments go to Astro:
// `npm run build -- --outDir /tmp/site`. scripts/watch-content.mjs runs the same build for `npm start`.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = resolve(root, process.env.BUILD_CACHE_DIR || 'node_modules/.astro');
/** The previous build's page count, beside Astro's incremental build cache. */
const countFile = join(cacheDir, 'page-count');
/** Astro's incremental build manifest (astro/dist/core/build/incremental.js, format 1). */
const manifestFile = join(cacheDir, 'incremental-build.json');

/** Why this build cannot reuse pages, or `undefined` when the cache looks usable. */
function whyFullBuild() {
  if (process.env.BUILD_CACHE === 'off') return 'the cache is off (BUILD_CACHE=off)';
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch (error) {
    const why = error?.code === 'ENOENT' ? 'no cache of an earlier build' : 'the cache is corrupt';
    return `${why} (${manifestFile})`;
  }
  return manifest?.version === 1
    ? undefined
    : `the cache is from another version of Astro (${manifestFile})`;
}
const pageEntry = /[├└]─ /g;
const reusedEntry = /\((?:restored|cached)\)/g;
const imageLine = /▶ \/\S+.*\(\d+\/\d+\)\s*$/;

function previousCount() {
  try {
    return Number(readFileSync(countFile, 'utf8')) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `astro build ...args`, printing through `print` (a line at a time); resolves with the exit
 * code and how many pages were rendered and reused.
 *
 * @example const { code, rendered, reused } = await runBuild(['--outDir', 'dist.next'], {})
 */
export function runBuild(args, env, print = (line) => console.log(line)) {
  const total = previousCount();
  const fullBecause = whyFullBuild();
  if (fullBecause) print(`Full build: ${fullBecause}.`);
  let rendered = 0;
  let reused = 0;
  let lastReport = 0;
  const report = (force) => {
    const now = Date.now();
    if (!force && now - lastReport < 5000) return;
    lastReport = now;
    const done = (rendered + reused).toLocaleString('en');
    const of = total === undefined ? '' : ` of about ${total.toLocaleString('en')}`;
    print(
      `  pages: ${done}${of} (${reused.toLocaleString('en')} reused, ${rendered.toLocaleString('en')} rendered)`,
    );
  };
  return new Promise((resolvePromise) => {
    const child = spawn('npx', ['astro', 'build', ...args], {
      cwd: root,
      env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    let inPages = false;
    const onLine = (printed) => {
      // eslint-disable-next-line no-control-regex -- the colours' escape codes
      const line = printed.replace(/\x1b\[[\d;]*m/g, '');
      // One line per page, except that Astro starts a page's line before the previous page's
      // time when they run side by side: count the entries, not the lines.
      const pages = line.match(pageEntry)?.length ?? 0;
      if (pages > 0) {
        inPages = true;
        const fromCache = line.match(reusedEntry)?.length ?? 0;
        reused += fromCache;
        rendered += pages - fromCache;
        report(false);
        return;
      }
      // An image, or the time of a page whose line another page's began (two render at once).
      if (imageLine.test(line) || /^\s*\((?:\+[\d.]+m?s|restored|cached)\)\s*$/.test(line)) return;
      if (inPages && line.includes('Completed in')) {
        inPages = false;
        report(true);
      }
      print(printed);
    };
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('close', (code) => {
      if (pending) onLine(pending);
      if (code === 0 && !fullBecause && reused === 0) {
        print('Full build: the code, configuration, strings, fonts or dependencies changed.');
      }
      if (code === 0) {
        mkdirSync(dirname(countFile), { recursive: true });
        writeFileSync(countFile, String(rendered + reused));
      }
      resolvePromise({ code: code ?? 1, rendered, reused });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { code } = await runBuild(process.argv.slice(2), {});
  process.exitCode = code;
}
