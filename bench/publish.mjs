/**
 * `npm run bench:publish [-- --articles 2000,20000] [--changes "edit an article,..."]
 * [--compare-each] [--full-builds 2]`: how long an editor's change takes to be live. For each
 * size, a generated dataset is built in full without the cache (`BUILD_CACHE=off`) and with it,
 * in pairs, each in the other order (time, peak memory and what the cache costs), then each kind
 * of change of bench/lib/content-changes.mjs is made and the site built again: timed from the change
 * to dist/ complete, with pages rendered and reused. Before each full build the kernel's caches
 * are dropped where this runs as root. At the end a clean build (empty cache) of the
 * changed content is compared byte for byte with the incremental one (`--compare-each`: after
 * every change). Numbers and where the time goes: bench/README.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { contentChanges } from './lib/content-changes.mjs';
import { generateDataset } from './lib/generate-dataset.mjs';
import { buildSite, differingFiles } from './lib/site-build.mjs';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '2000,20000' },
    changes: { type: 'string', default: Object.keys(contentChanges).join(',') },
    'compare-each': { type: 'boolean', default: false },
    // Full builds without and with the cache, alternated: what carrying the cache costs
    // (0: one full build with the cache, to time the changes after it).
    'full-builds': { type: 'string', default: '2' },
    out: { type: 'string', default: join(tmpdir(), 'bench-publish') },
  },
});

/**
 * The article the `index`th change touches, in the middle of the archive and its own (a deleted
 * article is gone for the changes after it). Numbers 4k + 3 have no German or French translation,
 * which `add a translation` needs; `unpublish a translation` needs a German one (4k + 1).
 */
const articleFor = (size, index, name) =>
  Math.floor(size / 8) * 4 + 4 * index + (name === 'unpublish a translation' ? 1 : 3);

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

/**
 * Writes out and drops the kernel's page, inode and directory caches, where this process may
 * (root); returns whether it did. Without it, full builds in a row on this VM grew slower,
 * 30 → 38 → 47 s for the same build, by more than the cache's cost being measured.
 */
function dropKernelCaches() {
  const run = spawnSync('sh', ['-c', 'sync && echo 3 > /proc/sys/vm/drop_caches'], {
    stdio: 'ignore',
  });
  return run.status === 0;
}

/**
 * `astro build` into an empty folder (and, with the cache, an empty cache) under /usr/bin/time
 * for the peak memory of the full build. `withCache: false` is `BUILD_CACHE=off`.
 */
function fullBuildWithMemory(dataset, outDir, cacheDir, withCache = true) {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
  dropKernelCaches();
  const started = performance.now();
  const run = spawnSync(
    '/usr/bin/time',
    ['-f', 'maxrss %M', 'npx', 'astro', 'build', '--outDir', outDir],
    {
      env: {
        ...process.env,
        CONTENT_DATASET_DIR: dataset,
        BUILD_CACHE_DIR: cacheDir,
        BUILD_CACHE: withCache ? 'on' : 'off',
      },
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    },
  );
  if (run.status !== 0) throw new Error(`full build failed:\n${run.stderr.slice(-4000)}`);
  const kib = Number(/maxrss (\d+)/.exec(run.stderr)?.[1] ?? 0);
  return { seconds: (performance.now() - started) / 1000, peakGiB: kib / 1024 / 1024 };
}

const load = () => loadavg()[0].toFixed(1);

if (Number(values['full-builds']) > 0) {
  console.log(
    dropKernelCaches()
      ? "The kernel's caches are dropped before each full build."
      : "The kernel's caches cannot be dropped here (not root): full builds in a row drift, compare the median.",
  );
}

for (const size of values.articles.split(',').map(Number)) {
  const work = join(values.out, String(size));
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const dataset = join(work, 'dataset');
  const site = join(work, 'site');
  const cache = join(work, 'cache');
  await generateDataset(dataset, size);
  console.log(`\n${size.toLocaleString('en')} articles (load ${load()} on this machine)`);
  const ratios = [];
  if (Number(values['full-builds']) === 0) {
    const full = fullBuildWithMemory(dataset, site, cache);
    console.log(
      `  full build with the cache ${full.seconds.toFixed(1)} s (peak ${full.peakGiB.toFixed(2)} GiB, load ${load()})`,
    );
  }
  for (let run = 0; run < Number(values['full-builds']); run++) {
    const withoutCache = () =>
      fullBuildWithMemory(dataset, join(work, 'no-cache'), join(work, 'no-cache-cache'), false);
    const withCache = () => fullBuildWithMemory(dataset, site, cache);
    // Which goes first alternates, so that neither always follows the other's writes.
    let without;
    let full;
    if (run % 2 === 0) {
      without = withoutCache();
      full = withCache();
    } else {
      full = withCache();
      without = withoutCache();
    }
    rmSync(join(work, 'no-cache'), { recursive: true, force: true });
    ratios.push(full.seconds / without.seconds);
    console.log(
      `  full build without the cache ${without.seconds.toFixed(1)} s (peak ${without.peakGiB.toFixed(2)} GiB), ` +
        `with it ${full.seconds.toFixed(1)} s (peak ${full.peakGiB.toFixed(2)} GiB): ` +
        `${((full.seconds / without.seconds - 1) * 100).toFixed(1)} % (load ${load()})`,
    );
  }
  if (ratios.length > 0) {
    ratios.sort((a, b) => a - b);
    const median =
      (ratios[Math.floor((ratios.length - 1) / 2)] + ratios[Math.floor(ratios.length / 2)]) / 2;
    console.log(
      `  the cache's cost on a full build, median of ${ratios.length}: ${((median - 1) * 100).toFixed(1)} %`,
    );
  }
  let compared = 0;
  for (const [index, name] of values.changes.split(',').entries()) {
    const change = contentChanges[name];
    if (change === undefined) throw new Error(`No change named "${name}"`);
    const result = await timed(async () => {
      await change(dataset, articleFor(size, index, name));
      return buildSite({ dataset, outDir: site, cacheDir: cache });
    });
    let verdict = '';
    if (values['compare-each']) {
      const clean = join(work, `clean-${compared++}`);
      await buildSite({ dataset, outDir: clean, cacheDir: join(work, 'clean-cache') });
      const differences = differingFiles(clean, site);
      verdict = differences.length === 0 ? ', dist identical' : `, ${differences.length} DIFFER`;
      rmSync(clean, { recursive: true, force: true });
    }
    const indexed = /Pagefind indexed ([^;\n]*)/.exec(result.output)?.[1] ?? '?';
    console.log(
      `  ${name}: live in ${result.seconds.toFixed(1)} s (${result.rendered} pages rendered, ` +
        `${result.reused} reused; search index of ${indexed}; load ${load()})${verdict}`,
    );
  }
  if (!values['compare-each']) {
    const clean = join(work, 'clean');
    const cleanBuild = await timed(() =>
      buildSite({ dataset, outDir: clean, cacheDir: join(work, 'clean-cache') }),
    );
    const differences = differingFiles(clean, site);
    console.log(
      `  clean build of the changed content: ${cleanBuild.seconds.toFixed(1)} s; dist after the ` +
        `incremental builds ${differences.length === 0 ? 'identical' : `DIFFERS: ${differences.slice(0, 10).join(', ')}`}`,
    );
  }
}
