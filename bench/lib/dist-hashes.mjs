/**
 * Whether two builds wrote the same site: the SHA-256 of every file under each output folder,
 * compared path by path.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Path (relative to `dir`) → SHA-256 of every file under `dir`. */
export async function hashFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const hashes = new Map();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    hashes.set(
      relative(dir, path),
      createHash('sha256')
        .update(await readFile(path))
        .digest('hex'),
    );
  }
  return hashes;
}

/**
 * The files only in one build or different between them (sorted), and how many were compared.
 *
 * @example await compareDirs('/tmp/a/dist', '/tmp/b/dist') // { files: 12034, differences: [] }
 */
export async function compareDirs(before, after) {
  const [a, b] = await Promise.all([hashFiles(before), hashFiles(after)]);
  const differences = [];
  for (const [path, hash] of a) {
    if (!b.has(path)) differences.push(`only before: ${path}`);
    else if (b.get(path) !== hash) differences.push(`differs: ${path}`);
  }
  for (const path of b.keys()) if (!a.has(path)) differences.push(`only after: ${path}`);
  return { files: Math.max(a.size, b.size), differences: differences.sort() };
}
