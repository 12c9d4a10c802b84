import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The files under `dir`, at any depth, as paths relative to it; none when `dir` does not exist.
 *
 * @example filesUnder('dist/pagefind') // ['pagefind-entry.json', 'fragment/en_1a2b3c.pf_fragment', …]
 */
export function filesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}
