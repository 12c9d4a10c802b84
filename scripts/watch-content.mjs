// For `npm start`: watches the local dataset (and the authoring sources it is compiled from) and,
// on a change, builds the site again — incrementally, so only pages whose content changed are
// rendered — into `<dist>.next`, then puts it in place of `<dist>`, which the site server keeps
// serving throughout. The terminal says what changed, what was rebuilt and how long it took.
// A build that fails (content that breaks the model) is reported and the last site stays up.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { defaultDatasetDir, readContentConfig } from '../src/content/source-config.ts';
import { filesUnder } from '../src/lib/files-under.ts';
import { runBuild } from './build.mjs';

const authoringDir = 'src/content/authoring';

/**
 * Builds the site into `<dist>.next`, then puts it in place of `<dist>` (a server keeps serving the
 * old build until then). Always the same output folder: Astro reuses cached pages only for builds
 * into the folder the cache was made for.
 *
 * Builds write into what their output folder holds and keep the pages that did not change
 * (src/lib/in-place-output-integration.ts), so the folder that was live until now becomes the
 * next build's `<dist>.next` and is brought up to the new build: only the files that differ are
 * copied (with their times, which the next build checks), the ones the build removed are removed.
 * This runs after the new build is served; if it is cut short, the next build notices and copies
 * the reused pages from the cache instead.
 *
 * @example const { code, rendered, reused } = await buildInPlaceOf('dist', {})
 */
export async function buildInPlaceOf(dist, env, print) {
  const next = `${dist}.next`;
  const result = await runBuild(['--outDir', next], env, print);
  if (result.code === 0) {
    await rm(`${dist}.old`, { recursive: true, force: true });
    const hadDist = await rename(dist, `${dist}.old`).then(
      () => true,
      () => false,
    );
    await rename(next, dist);
    // The first time, every file is copied.
    if (hadDist) await rename(`${dist}.old`, next);
    else await mkdir(next, { recursive: true });
    await mirror(dist, next);
  }
  return result;
}

/** The files under `dir` with their size and modification time (ns). */
async function listFiles(dir) {
  const files = new Map();
  for (const file of filesUnder(dir)) {
    const stats = await stat(join(dir, file), { bigint: true });
    files.set(file, `${stats.size}:${stats.mtimeNs}`);
  }
  return files;
}

/** Makes `to` hold the same files as `from`, times included, copying only those that differ. */
async function mirror(from, to) {
  const [source, target] = await Promise.all([listFiles(from), listFiles(to)]);
  const copy = [...source].filter(([file, state]) => target.get(file) !== state).map(([f]) => f);
  for (const file of target.keys()) {
    if (!source.has(file)) await rm(join(to, file), { force: true });
  }
  if (copy.length > 0) {
    // `cp -a` keeps the nanoseconds of the modification time, which the next build compares.
    await new Promise((done, fail) => {
      const cp = spawn('xargs', ['-0', 'cp', '-a', '--parents', '-t', resolve(to)], {
        cwd: from,
        stdio: ['pipe', 'ignore', 'inherit'],
      });
      cp.on('error', fail);
      cp.on('close', (code) => (code === 0 ? done() : fail(new Error(`cp exited with ${code}`))));
      cp.stdin.end(copy.join('\0'));
    });
  }
  await removeEmptyDirs(to);
}

async function removeEmptyDirs(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  let left = entries.length;
  for (const entry of entries) {
    if (entry.isDirectory() && (await removeEmptyDirs(join(dir, entry.name)))) left--;
  }
  if (left > 0) return false;
  await rmdir(dir);
  return true;
}

/**
 * Starts watching; returns a function that stops it. Nothing is watched for hosted Sanity (its
 * publish webhook triggers the host's build instead: README, "Publish → rebuild").
 *
 * @example const stop = watchContent({ dist: 'dist', env: siteEnv })
 */
export function watchContent({ dist, env, log = (line) => console.log(line) }) {
  const config = readContentConfig();
  if (config.kind !== 'local') return () => undefined;
  const datasetDir = config.datasetDir;
  let datasetWatcher;
  let authoringWatcher;
  let compiling = false;
  let timer;
  let running = false;
  let again = false;
  let changed = new Set();
  let compile = false;

  const rebuild = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const files = [...changed].join(', ');
    changed = new Set();
    const started = performance.now();
    let code = 0;
    if (compile) {
      compile = false;
      compiling = true;
      log(`Authoring sources changed (${files}): compiling the dataset (npm run dataset)`);
      code = await new Promise((done) => {
        spawn(process.execPath, ['scripts/dataset/build.ts'], { stdio: 'inherit' }).on(
          'close',
          done,
        );
      });
      compiling = false;
      // The compiler puts a new dataset folder in place of the old one: watch the new one.
      watchDataset();
      if (code !== 0) log('The dataset was not compiled: the site stays as it was.');
    }
    if (code === 0) {
      log(`Content changed (${files}): building the site`);
      const result = await buildInPlaceOf(dist, env, (line) => {
        if (/pages: |error|Error|✘/.test(line)) log(line);
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (result.code === 0) {
        log(
          `Rebuilt in ${seconds} s: ${result.rendered.toLocaleString('en')} pages rendered, ` +
            `${result.reused.toLocaleString('en')} reused from the cache; now serving the new build.`,
        );
      } else {
        log(`The build failed after ${seconds} s (above): the site stays as it was.`);
      }
    }
    running = false;
    if (again) {
      again = false;
      void rebuild();
    }
  };

  const onChange = (kind) => (_event, file) => {
    if (compiling) return;
    if (file) changed.add(String(file));
    if (kind === 'authoring') compile = true;
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), 400);
  };
  const watchDataset = () => {
    datasetWatcher?.close();
    datasetWatcher = watch(datasetDir, { recursive: true }, onChange('dataset'));
    // The folder replaced under the watcher: watched again after the next compile.
    datasetWatcher.on('error', () => undefined);
  };
  watchDataset();
  if (resolve(datasetDir) === resolve(defaultDatasetDir)) {
    authoringWatcher = watch(authoringDir, { recursive: true }, onChange('authoring'));
  }
  log(`Watching ${datasetDir} for content changes (the site is built again on a change)`);
  return () => {
    clearTimeout(timer);
    datasetWatcher?.close();
    authoringWatcher?.close();
  };
}
