/**
 * `npm run bench:weight [-- --dist <dir>]`: what a first visit to each kind of page downloads,
 * from a build in `dist/`: the HTML, the stylesheets it links (plus inline <style>), and the
 * scripts it runs (<script src> with their static imports, plus inline scripts; JSON-LD is data
 * and not counted). Raw and gzip bytes (level 6, what servers use by default); the median page of
 * each type and the heaviest. Images, fonts and what scripts fetch later (Pagefind's index) are
 * left out.
 */
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { reportAvatarWeight } from './lib/avatar-weight.mjs';
import { pageTypeOf } from './lib/page-types.mjs';
import { registerWorkerScript } from '../src/offline/register-script.ts';

const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } });
const dist = resolve(values.dist);
if (!existsSync(join(dist, 'index.html'))) {
  throw new Error(`${dist} holds no build: run \`npm run build\` first`);
}

const fileCache = new Map();
/** A file of the build by its URL path, read once. */
async function readAsset(urlPath) {
  const path = join(dist, decodeURIComponent(urlPath.split(/[?#]/)[0] ?? ''));
  if (!fileCache.has(path)) fileCache.set(path, await readFile(path));
  return fileCache.get(path);
}

const htmlFiles = (await readdir(dist, { recursive: true }))
  .filter((file) => file.endsWith('.html'))
  // The per-locale 404.html files are copies of /{l}/404/index.html for static hosts.
  .filter((file) => !/^[a-z]{2}\/404\.html$/.test(file.split(sep).join('/')))
  .sort();

const byType = new Map();
for (const file of htmlFiles) {
  const path = file.split(sep).join('/');
  const html = await readFile(join(dist, file), 'utf8');
  const weight = {
    html: sizes([Buffer.from(html)]),
    css: sizes(await stylesOf(html)),
    // `client:load` islands (the account and moderation pages) hydrate at once for everyone.
    js: sizes([
      ...(await scriptsOf(html, `/${path}`)),
      ...(await islandsOf(html, `/${path}`, ['load'])),
    ]),
    // A member with a stored session: `client:session` islands hydrate at once, so their component
    // and renderer modules (with their static imports) load too.
    memberJs: sizes([
      ...(await scriptsOf(html, `/${path}`)),
      ...(await islandsOf(html, `/${path}`, ['load', 'session'])),
    ]),
    path: `/${relative(dist, join(dist, file)).split(sep).join('/')}`,
  };
  const type = pageTypeOf(path);
  byType.set(type, [...(byType.get(type) ?? []), weight]);
}

const header = [
  'page type',
  'pages',
  'HTML',
  'HTML gz',
  'CSS',
  'CSS gz',
  'JS',
  'JS gz',
  'JS gz signed in',
  'heaviest (HTML gz)',
];
const rows = [header];
for (const [type, pages] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
  const median = medianBy(pages, (page) => page.html.gzip);
  const heaviest = pages.reduce((a, b) => (b.html.gzip > a.html.gzip ? b : a));
  rows.push([
    type,
    String(pages.length),
    kb(median.html.raw),
    kb(median.html.gzip),
    kb(median.css.raw),
    kb(median.css.gzip),
    kb(median.js.raw),
    kb(median.js.gzip),
    kb(median.memberJs.gzip),
    `${kb(heaviest.html.gzip)} ${heaviest.path}`,
  ]);
}
console.log(`Page weight of ${dist} (median page of each type, kB = 1,000 bytes)\n`);
console.log(
  rows
    .map((cells) =>
      cells
        .map((cell, i) =>
          i === 0 || i === 9 ? cell.padEnd(width(rows, i)) : cell.padStart(width(rows, i)),
        )
        .join('  '),
    )
    .join('\n'),
);

/** Linked stylesheets and inline <style> blocks. */
async function stylesOf(html) {
  const linked = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)]
    .map(([tag]) => /\bhref="([^"]+)"/.exec(tag)?.[1])
    .filter((href) => href !== undefined && href.startsWith('/'));
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) =>
    Buffer.from(css ?? ''),
  );
  return [...(await Promise.all(linked.map(readAsset))), ...inline];
}

/** Executable scripts: external ones with their static imports, and inline ones. */
async function scriptsOf(html, pagePath) {
  const files = new Set();
  const inline = [];
  for (const [, tag = '', body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="application\/(ld\+)?json"/.test(tag)) continue;
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src === undefined) inline.push(Buffer.from(body ?? ''));
    else await collectImports(new URL(src, `http://site${pagePath}`).pathname, files);
  }
  return [...(await Promise.all([...files].map(readAsset))), ...inline];
}

/**
 * Modules of the islands hydrated by the given client directives, with their static imports
 * (`load`: at once; `session`: when a session is stored). Their dynamic imports (e.g. the full
 * supabase-js client the account page asks for on mount) are not counted.
 */
async function islandsOf(html, pagePath, directives) {
  const files = new Set();
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const directive = /\bclient="([^"]+)"/.exec(tag)?.[1];
    if (directive === undefined || !directives.includes(directive)) continue;
    for (const attribute of ['component-url', 'renderer-url']) {
      const url = new RegExp(`\\b${attribute}="([^"]+)"`).exec(tag)?.[1];
      if (url) await collectImports(new URL(url, `http://site${pagePath}`).pathname, files);
    }
  }
  return Promise.all([...files].map(readAsset));
}

async function collectImports(urlPath, seen) {
  if (seen.has(urlPath) || !existsSync(join(dist, urlPath))) return;
  seen.add(urlPath);
  const code = (await readAsset(urlPath)).toString('utf8');
  // Static imports only (`import … from "./x.js"`, `import "./x.js"`): what loads before the script runs.
  for (const [, specifier] of code.matchAll(
    /\bimport\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.m?js)["']/g,
  )) {
    await collectImports(new URL(specifier ?? '', `http://site${urlPath}`).pathname, seen);
  }
}

function sizes(buffers) {
  return buffers.reduce(
    (total, buffer) => ({
      raw: total.raw + buffer.length,
      gzip: total.gzip + gzipSync(buffer, { level: 6 }).length,
    }),
    { raw: 0, gzip: 0 },
  );
}

function medianBy(items, value) {
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function kb(bytes) {
  return (bytes / 1000).toFixed(1);
}

function width(rows, column) {
  return Math.max(...rows.map((cells) => cells[column].length));
}

// Of the inline JS above, the line that registers the offline service worker after load.
const register = Buffer.from(registerWorkerScript());
console.log(
  `\nService worker registration (inline, every localized page): ${register.length} B raw, ${gzipSync(register, { level: 6 }).length} B gzip`,
);

// Images are left out above; the avatars a signed-in page draws are measured on a local backend.
await reportAvatarWeight();
