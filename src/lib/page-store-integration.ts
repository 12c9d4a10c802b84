import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { incrementalManifestName } from './in-place-output-integration';
import { PageStore } from './page-store';
import { renderingOnce } from './prerender-bytes';

/** What of Astro's settings the incremental build cache reads. */
interface Settings {
  config: { cacheDir: URL; outDir: URL };
}

/** Astro's incremental build cache (astro/dist/core/build/incremental.js, Astro 7.3). */
interface IncrementalBuildCache {
  findOrphanedFiles(): string[];
  writeManifest: (settings: Settings) => void;
  restoreOutputFile(settings: Settings, outputFile: string, destination: URL): Promise<boolean>;
  writeOutputFile(settings: Settings, outputFile: string, body: Uint8Array | string): Promise<void>;
  deleteOutputFile(settings: Settings, outputFile: string): Promise<void>;
}

interface IncrementalBuildCacheClass {
  prototype: IncrementalBuildCache;
  load: (settings: Settings, ...rest: unknown[]) => IncrementalBuildCache;
  [patched]?: true;
}

const patched = Symbol('polyglot-press:page-store');
/** The store being completed after the build manifest is written (one build per process). */
let finishing: Promise<void> | undefined;

/**
 * The incremental build keeps its copies of the pages as links to the pages it wrote
 * (page-store.ts) instead of writing every page a second time: Astro's cache is told how to keep,
 * restore and drop a page's copy, and the rest of its incremental build (which pages to skip, the
 * manifest) is unchanged.
 */
export function pageStore(): AstroIntegration {
  let root: URL | undefined;
  return {
    name: 'polyglot-press:page-store',
    hooks: {
      'astro:config:done': ({ config }) => {
        if (config.experimental.incrementalBuild) root = config.root;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        if (root === undefined) return;
        // Each page's bytes read once when Astro collects what the page read (prerender-bytes.ts).
        setPrerenderer(renderingOnce);
        // Astro's own copy of the module (not exported; `require` loads it as Node does, past
        // the module runner that loaded this configuration).
        const require = createRequire(new URL('package.json', root));
        const incremental = join(
          dirname(require.resolve('astro/package.json')),
          'dist/core/build/incremental.js',
        );
        const module = require(incremental) as {
          IncrementalBuildCache?: IncrementalBuildCacheClass;
        };
        keepPagesInStore(module.IncrementalBuildCache, incremental);
      },
      'astro:build:done': async () => {
        await finishing;
      },
    },
  };
}

function keepPagesInStore(
  Cache: IncrementalBuildCacheClass | undefined,
  where: string,
): asserts Cache is IncrementalBuildCacheClass {
  const methods = [
    'findOrphanedFiles',
    'writeManifest',
    'restoreOutputFile',
    'writeOutputFile',
    'deleteOutputFile',
  ] as const;
  if (
    typeof Cache?.load !== 'function' ||
    methods.some((method) => typeof Cache.prototype[method] !== 'function')
  ) {
    throw new Error(
      `Astro's incremental build cache is not what src/lib/page-store-integration.ts expects (${where})`,
    );
  }
  if (Cache[patched]) return;
  Cache[patched] = true;

  const stores = new WeakMap<IncrementalBuildCache, PageStore>();
  const storeOf = (cache: IncrementalBuildCache): PageStore => {
    const store = stores.get(cache);
    if (store === undefined) throw new Error('an incremental build cache without its page store');
    return store;
  };

  const load = Cache.load;
  Cache.load = function (settings, ...rest) {
    const cache = load.call(this, settings, ...rest);
    const dir = fileURLToPath(settings.config.cacheDir);
    const store = PageStore.open(
      dir,
      join(dir, incrementalManifestName),
      fileURLToPath(settings.config.outDir),
    );
    // Before any page is recorded, every page of the previous build is still unaccounted for:
    // none means there is no previous build to restore from (no manifest, another
    // configuration or lockfile, `--force`).
    if (cache.findOrphanedFiles().length === 0) store.clear();
    stores.set(cache, store);
    return cache;
  };

  const { writeManifest } = Cache.prototype;
  Object.assign(Cache.prototype, {
    writeOutputFile(this: IncrementalBuildCache, _: Settings, file: string, body: Uint8Array) {
      return storeOf(this).keep(file, body);
    },
    restoreOutputFile(this: IncrementalBuildCache, _: Settings, file: string, to: URL) {
      return storeOf(this).restore(file, to);
    },
    deleteOutputFile(this: IncrementalBuildCache, _: Settings, file: string) {
      storeOf(this).drop(file);
      return Promise.resolve();
    },
    writeManifest(this: IncrementalBuildCache, settings: Settings) {
      writeManifest.call(this, settings);
      // Astro does not wait for its manifest; the build's end waits for the store (`finishing`).
      finishing = storeOf(this).finish();
      finishing.catch(() => {}); // reported where it is awaited
    },
  } satisfies Partial<IncrementalBuildCache>);
}
