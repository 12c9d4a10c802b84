/**
 * `npm run bench:publish [-- --articles 2000,20000] [--changes "edit an article,..."]
 * [--compare-each]`: how long an editor's change takes to be live. For each size, a generated
 * dataset is built in full (with the incremental cache, time and peak memory), then each kind of
 * change of bench/lib/content-changes.mjs is made and the site built again: timed from the change
 * to dist/ complete, with pages rendered and reused. At the end a clean build (no cache) of the
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
    out: { type: 'string', default: join(tmpdir(), 'bench-publish') },
  },
});

/** The article a change touches: one in the middle of the archive (numbers 4k + 3 have no French). */
const articleFor = (size) => Math.floor(size / 8) * 4 + 3;

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

/** `astro build` under /usr/bin/time for the peak memory of the full build. */
function fullBuildWithMemory(dataset, outDir, cacheDir) {
  const started = performance.now();
  const run = spawnSync(
    '/usr/bin/time',
    ['-f', 'maxrss %M', 'npx', 'astro', 'build', '--outDir', outDir],
    {
      env: { ...process.env, CONTENT_DATASET_DIR: dataset, BUILD_CACHE_DIR: cacheDir },
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    },
  );
  if (run.status !== 0) throw new Error(`full build failed:\n${run.stderr.slice(-4000)}`);
  const kib = Number(/maxrss (\d+)/.exec(run.stderr)?.[1] ?? 0);
  return { seconds: (performance.now() - started) / 1000, peakGiB: kib / 1024 / 1024 };
}

const load = () => loadavg()[0].toFixed(1);

for (const size of values.articles.split(',').map(Number)) {
  const work = join(values.out, String(size));
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const dataset = join(work, 'dataset');
  const site = join(work, 'site');
  const cache = join(work, 'cache');
  await generateDataset(dataset, size);
  console.log(`\n${size.toLocaleString('en')} articles (load ${load()} on this machine)`);
  const full = fullBuildWithMemory(dataset, site, cache);
  console.log(
    `  full build with the cache: ${full.seconds.toFixed(1)} s, peak ${full.peakGiB.toFixed(2)} GiB`,
  );
  const n = articleFor(size);
  let compared = 0;
  for (const name of values.changes.split(',')) {
    const change = contentChanges[name];
    if (change === undefined) throw new Error(`No change named "${name}"`);
    const result = await timed(async () => {
      await change(dataset, n);
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
    console.log(
      `  ${name}: live in ${result.seconds.toFixed(1)} s (${result.rendered} pages rendered, ` +
        `${result.reused} reused; load ${load()})${verdict}`,
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
