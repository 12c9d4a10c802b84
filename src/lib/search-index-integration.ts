import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import pagefind from 'astro-pagefind';
import { updateSearchIndex } from './search-index';

/**
 * astro-pagefind (it serves the last build's index in `astro dev`), with its indexing after the
 * build replaced by `updateSearchIndex` (search-index.ts): it reads only the files that can be
 * searchable, and with the incremental build on, indexes again only the locales whose searchable
 * pages changed (its record is `search-index.json` in the build cache). It starts as soon as the
 * pages are written (`astro:build:generated`), so that Pagefind's own process works while Astro
 * cleans up and the sitemap is written, and the build waits for it at the end.
 */
export function searchIndex(): AstroIntegration {
  const base = pagefind();
  let indexing: Promise<string[]> | undefined;
  let recordFile: string | undefined;
  const update = (dir: URL) => updateSearchIndex(fileURLToPath(dir), recordFile);
  return {
    name: 'polyglot-press:search-index',
    hooks: {
      ...base.hooks,
      'astro:config:done': ({ config }) => {
        // BUILD_CACHE=off: every locale is indexed, and no record is read or kept.
        recordFile = config.experimental.incrementalBuild
          ? join(fileURLToPath(config.cacheDir), 'search-index.json')
          : undefined;
      },
      'astro:build:generated': ({ dir }) => {
        indexing = update(dir);
        // Reported in astro:build:done; this keeps Node from calling it unhandled before then.
        indexing.catch(() => undefined);
      },
      'astro:build:done': async ({ dir, logger }) => {
        for (const line of await (indexing ?? update(dir))) logger.info(line);
      },
    },
  };
}
