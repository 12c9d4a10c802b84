// For `npm start`: watches the local dataset (and the authoring sources it is compiled from) and,
// on a change, builds the site again — incrementally, so only pages whose content changed are
// rendered — into `<dist>.next`, then puts it in place of `<dist>`, which the site server keeps
// serving throughout. The terminal says what changed, what was rebuilt and how long it took.
// A build that fails (content that breaks the model) is reported and the last site stays up.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { defaultDatasetDir, readContentConfig } from '../src/content/source-config.ts';
import { runBuild } from './build.mjs';

const authoringDir = 'src/content/authoring';

/**
 * Builds the site into `<dist>.next`, then puts it in place of `<dist>` (a server keeps serving the
 * old build until then). Always the same output folder: Astro reuses cached pages only for builds
 * into the folder the cache was made for.
 *
 * @example const { code, rendered, reused } = await buildInPlaceOf('dist', {})
 */
export async function buildInPlaceOf(dist, env, print) {
  const next = `${dist}.next`;
  const result = await runBuild(['--outDir', next], env, print);
  if (result.code === 0) {
    await rm(`${dist}.old`, { recursive: true, force: true });
    await rename(dist, `${dist}.old`).catch(() => undefined);
    await rename(next, dist);
    await rm(`${dist}.old`, { recursive: true, force: true });
  }
  return result;
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
