import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import pagefind from 'astro-pagefind';
import { createIndex } from 'pagefind';
import { filesUnder } from './files-under';

/**
 * The built files that can hold a searchable page (`data-pagefind-body`, `route.searchable`):
 * articles, `/{l}/articles/{slug}/`, and static pages, `/{l}/{slug}/`. Pagefind reads only these
 * instead of every page of the build: lists, categories, authors, and the search, account and
 * e-mail link pages are never indexed. Fallback articles still match (their path is an
 * article's); Pagefind skips them by their missing `data-pagefind-body`.
 * `tests/unit/search-index.test.ts` checks that every searchable route matches.
 */
export const searchableFiles = '*/{articles/*,*}/index.html';

/**
 * astro-pagefind (it serves the last build's index in `astro dev`), with its indexing after the
 * build limited to `searchableFiles`: at 2,000 articles Pagefind read 10,726 pages to index
 * 5,679. It starts as soon as the pages are written (`astro:build:generated`), so that Pagefind's
 * own process works while Astro cleans up and the sitemap is written, and the build waits for it
 * at the end. The index it writes is byte for byte the same.
 */
export function searchIndex(): AstroIntegration {
  const base = pagefind();
  let indexing: Promise<string[]> | undefined;
  return {
    name: 'polyglot-press:search-index',
    hooks: {
      ...base.hooks,
      'astro:build:generated': ({ dir }) => {
        indexing = writeIndex(fileURLToPath(dir));
        // Reported in astro:build:done; this keeps Node from calling it unhandled before then.
        indexing.catch(() => undefined);
      },
      'astro:build:done': async ({ dir, logger }) => {
        for (const line of await (indexing ?? writeIndex(fileURLToPath(dir)))) logger.info(line);
      },
    },
  };
}

/**
 * Indexes the searchable pages under `outDir` into `outDir/pagefind`; returns what to log.
 *
 * The folder is brought up to date rather than written afresh: builds write into the previous
 * build's folder (in-place-output-integration.ts), and writing Pagefind's ~5,800 files of a
 * 2,000-article site took 5.8 s where most were already there. Fragments and index chunks are
 * named by a hash of their content, so one already present is left as it is; the few other files
 * are compared; files of the previous index that this one does not have are removed.
 */
async function writeIndex(outDir: string): Promise<string[]> {
  const { index, errors } = await createIndex();
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: outDir, glob: searchableFiles });
  if (added.errors.length > 0) {
    throw new Error(`Pagefind could not index the site: ${added.errors.join('; ')}`);
  }
  const built = await index.getFiles();
  if (built.errors.length > 0) {
    throw new Error(`Pagefind could not write its index: ${built.errors.join('; ')}`);
  }
  await index.deleteIndex();
  const outputPath = join(outDir, 'pagefind');
  const previous = new Set(filesUnder(outputPath));
  let written = 0;
  for (const { path, content } of built.files) {
    previous.delete(path);
    const target = join(outputPath, path);
    if (existsSync(target) && (hashNamed(path) || readFileSync(target).equals(content))) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    written++;
  }
  for (const path of previous) rmSync(join(outputPath, path));
  return [
    `Pagefind indexed ${added.page_count} pages`,
    `Pagefind wrote index to ${outputPath} (${written} files written, ${previous.size} removed)`,
  ];
}

/** Pagefind's fragments, index chunks and metadata: their names carry a hash of their content. */
const hashNamed = (path: string): boolean =>
  /^(?:fragment|index|filter)\//.test(path) || path.endsWith('.pf_meta');
