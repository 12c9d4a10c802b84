/**
 * Builds the site from a dataset folder into an output folder with its own incremental build
 * cache, as `npm run build` does (`astro build`), and compares two built sites byte for byte:
 * shared by the incremental build test and `npm run bench:publish`.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Runs `astro build`; resolves with how many pages were rendered and how many were reused.
 *
 * @example await buildSite({ dataset: '/tmp/d', outDir: '/tmp/site', cacheDir: '/tmp/cache' })
 */
export function buildSite({ dataset, outDir, cacheDir, env = {} }) {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['astro', 'build', '--outDir', outDir], {
      env: { ...process.env, ...env, CONTENT_DATASET_DIR: dataset, BUILD_CACHE_DIR: cacheDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`astro build exited with ${code}:\n${output.slice(-4000)}`));
        return;
      }
      resolve({
        reused: (output.match(/\((?:restored|cached)\)/g) ?? []).length,
        rendered: (output.match(/\(\+\d/g) ?? []).length,
        output,
      });
    });
  });
}

function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The files that differ between two folders: missing in one, or with other bytes. */
export function differingFiles(expectedDir, actualDir) {
  const expected = listFiles(expectedDir);
  const actual = new Set(listFiles(actualDir));
  const differences = [];
  for (const file of expected) {
    if (!actual.has(file)) differences.push(`missing: ${file}`);
    else if (!readFileSync(join(expectedDir, file)).equals(readFileSync(join(actualDir, file)))) {
      differences.push(`different: ${file}`);
    }
    actual.delete(file);
  }
  for (const file of actual) differences.push(`extra: ${file}`);
  return differences;
}
