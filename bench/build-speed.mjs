/**
 * `npm run bench:build [-- --articles N] [-- --keep] [-- --baseline REF]`: how fast the site
 * builds a large dataset, next to a plain Astro site that renders the same number of pages, built
 * in the same run on the same machine. With `--baseline`, the site as it was at that git commit is
 * built too (before the working tree's), and the two outputs are compared file by file. Prints
 * numbers only (no thresholds); bench/README.md explains them.
 */
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { copyWorkingTree, extractCommit } from './lib/baseline.mjs';
import { compareDirs } from './lib/dist-hashes.mjs';
import { benchLocales, generateDataset } from './lib/generate-dataset.mjs';
import { measureBuild } from './lib/measure-build.mjs';
import { meanPageSize } from './lib/page-size.mjs';
import { writePlainSite } from './lib/plain-site.mjs';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '2000' },
    keep: { type: 'boolean', default: false },
    baseline: { type: 'string' },
  },
});
const articleCount = Number(values.articles);
if (!Number.isInteger(articleCount) || articleCount < 1) {
  throw new Error(`--articles must be a positive integer, not "${values.articles}"`);
}

const root = resolve(import.meta.dirname, '..');
const astro = join(root, 'node_modules/astro/bin/astro.mjs');
const work = await mkdtemp(join(tmpdir(), 'polyglot-bench-'));
const datasetDir = join(work, 'dataset');

try {
  console.log(`Generating ${articleCount} articles in ${benchLocales.length} locales in ${work}`);
  const generationStart = performance.now();
  const dataset = await generateDataset(datasetDir, articleCount);
  console.log(
    `  ${dataset.articleDocuments} article documents (${dataset.documents} documents, ${dataset.images} images) in ${seconds(performance.now() - generationStart)} s`,
  );

  console.log('Loading the content once (queries and validation)');
  const load = await measureBuild({
    command: process.execPath,
    args: [join(root, 'bench/lib/load-content.mjs')],
    cwd: root,
    env: { CONTENT_DATASET_DIR: datasetDir },
    logFile: join(work, 'load-content.log'),
  });
  const loaded = JSON.parse(load.log.trim().split('\n').at(-1) ?? '{}');
  console.log(`  ${loaded.ms} ms for ${loaded.articles} article documents and the rest`);

  // With a baseline, both versions are built from the same temp path, one after the other (see
  // lib/baseline.mjs); without one, the site is built where it is.
  const projectDir = join(work, 'project');
  let baseline;
  if (values.baseline !== undefined) {
    const commit = await extractCommit(root, values.baseline, projectDir);
    console.log(
      `Building Polyglot Press at ${values.baseline} (${commit.slice(0, 10)}) against it`,
    );
    const measured = await measureBuild({
      command: process.execPath,
      // Inside the project: Astro's server chunks there import its node_modules.
      args: [astro, 'build', '--outDir', join(projectDir, 'dist')],
      cwd: projectDir,
      env: { CONTENT_DATASET_DIR: datasetDir },
      logFile: join(work, 'baseline-build.log'),
    });
    await rename(projectDir, join(work, 'baseline'));
    await copyWorkingTree(root, projectDir);
    baseline = {
      name: `Polyglot Press at ${values.baseline}`,
      measured,
      pages: builtPages(measured.log),
    };
  }

  console.log('Building Polyglot Press against it');
  const siteRoot = baseline ? projectDir : root;
  const siteDist = baseline ? join(projectDir, 'dist') : join(work, 'site-dist');
  const site = await measureBuild({
    command: process.execPath,
    args: [astro, 'build', '--outDir', siteDist],
    cwd: siteRoot,
    env: { CONTENT_DATASET_DIR: datasetDir },
    logFile: join(work, 'site-build.log'),
  });
  const sitePages = builtPages(site.log);

  console.log(`Building a plain Astro site with the same ${sitePages.count} pages`);
  const plainDir = join(work, 'plain-site');
  await writePlainSite(plainDir, sitePages.count, join(root, 'node_modules'));
  const plain = await measureBuild({
    command: process.execPath,
    args: [astro, 'build', '--root', plainDir, '--outDir', join(work, 'plain-dist')],
    cwd: plainDir,
    logFile: join(work, 'plain-build.log'),
  });
  const plainPages = builtPages(plain.log);

  // The same plain site with pages as heavy as the site's (its mean HTML page and inline
  // stylesheet): what Astro itself needs to render and write that many bytes.
  const size = await meanPageSize(siteDist);
  console.log(
    `Building it again with pages of the site's mean size (${kB(size.pageBytes)} kB, ${kB(size.styleBytes)} kB of it an inline stylesheet)`,
  );
  const heavyDir = join(work, 'plain-heavy-site');
  await writePlainSite(heavyDir, sitePages.count, join(root, 'node_modules'), size);
  const heavy = await measureBuild({
    command: process.execPath,
    args: [astro, 'build', '--root', heavyDir, '--outDir', join(heavyDir, 'dist')],
    cwd: heavyDir,
    logFile: join(work, 'plain-heavy-build.log'),
  });
  const heavyPages = builtPages(heavy.log);
  const heavySize = await meanPageSize(join(heavyDir, 'dist'));

  const rows = [
    ['', 'pages', 'wall s', 'pages/s', 'astro s', 'peak RSS MB', 'mean page kB'],
    ...(baseline ? [[...row(baseline.name, baseline.measured, baseline.pages), '']] : []),
    [...row('Polyglot Press', site, sitePages), kB(size.pageBytes)],
    [
      ...row('plain Astro', plain, plainPages),
      kB((await meanPageSize(join(work, 'plain-dist'))).pageBytes),
    ],
    [...row('plain Astro, heavy pages', heavy, heavyPages), kB(heavySize.pageBytes)],
  ];
  console.log(`\n${table(rows)}\n`);
  for (const [floorName, floor, floorPages] of [
    ['plain', plain, plainPages],
    ['plain with heavy pages', heavy, heavyPages],
  ]) {
    const floorRate = floorPages.count / floor.seconds;
    for (const { name, measured, pages } of [
      ...(baseline ? [baseline] : []),
      { name: 'Polyglot Press', measured: site, pages: sitePages },
    ]) {
      console.log(
        `ratio (${name} ÷ ${floorName}): ${(pages.count / measured.seconds / floorRate).toFixed(2)}× the pages/second, ` +
          `${(measured.peakRssBytes / floor.peakRssBytes).toFixed(2)}× the peak memory`,
      );
    }
  }
  if (baseline) {
    const { files, differences } = await compareDirs(join(work, 'baseline', 'dist'), siteDist);
    console.log(
      differences.length === 0
        ? `dist: all ${files} files byte for byte the same as at ${values.baseline} (SHA-256 of each)`
        : `dist: ${differences.length} of ${files} files differ from ${values.baseline}:\n  ${differences.slice(0, 20).join('\n  ')}`,
    );
  }
} finally {
  if (values.keep) console.log(`\nKept ${work}`);
  else await rm(work, { recursive: true, force: true });
}

/**
 * Astro's own count and time, from its closing "[build] N page(s) built in …" line ("950ms",
 * "38.02s", or "1m 51s" past a minute).
 */
function builtPages(log) {
  const match = /\[build\] (\d+) page\(s\) built in (?:(\d+)m )?([\d.]+)(m?s)/.exec(log);
  if (match === null) throw new Error('The build log has no "page(s) built" line');
  const [, count, minutes = '0', time, unit] = match;
  const seconds = Number(minutes) * 60 + Number(time) / (unit === 'ms' ? 1000 : 1);
  return { count: Number(count), astroSeconds: seconds };
}

function row(name, measured, pages) {
  return [
    name,
    String(pages.count),
    measured.seconds.toFixed(1),
    (pages.count / measured.seconds).toFixed(1),
    pages.astroSeconds.toFixed(1),
    (measured.peakRssBytes / 2 ** 20).toFixed(0),
  ];
}

function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((cells) => cells[column].length)));
  return rows
    .map((cells) =>
      cells
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
        )
        .join('  '),
    )
    .join('\n');
}

function kB(bytes) {
  return (bytes / 1000).toFixed(1);
}

function seconds(ms) {
  return (ms / 1000).toFixed(1);
}
