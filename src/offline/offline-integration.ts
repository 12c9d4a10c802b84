import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { getManifest, injectManifest, type ManifestEntry } from 'workbox-build';

/** What every reader's device keeps from each build, so the offline pages and fonts always work. */
const precached = [
  '*/offline/index.html',
  '*/reading-list/index.html',
  '*/manifest.webmanifest',
  'icons/*.png',
  'favicon.svg',
  // The islands' scripts and the fonts (hashed names), so kept pages draw as they do online.
  '_astro/*.{js,woff2}',
];

/**
 * Writes the service worker `/sw.js` after the pages (src/offline/service-worker.ts, bundled with
 * esbuild, then Workbox's injectManifest puts the list of files to precache in it, each with the
 * hash of its content). The worker's caches are named with a version hashed from that list and
 * from the names of every hashed asset, so a deploy that changes anything the pages use gets new
 * caches and drops the old ones. Same build, same bytes: no time or random value goes in.
 */
export function offlineServiceWorker(): AstroIntegration {
  return {
    name: 'polyglot-press:offline',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const options = {
          globDirectory: root,
          globPatterns: precached,
          // `en/offline/index.html` is fetched and matched as `/en/offline/`, as pages link it.
          manifestTransforms: [
            (entries: (ManifestEntry & { size: number })[]) => ({
              manifest: entries
                .map((entry) => ({ ...entry, url: `/${entry.url.replace(/index\.html$/, '')}` }))
                .sort((a, b) => a.url.localeCompare(b.url)),
              warnings: [],
            }),
          ],
          // Hashed names need no revision of their own: the name changes with the content.
          dontCacheBustURLsMatching: /^\/_astro\//,
        };
        const { manifestEntries, size } = await getManifest(options);
        const assets = (await readdir(join(root, '_astro'))).sort();
        const version = createHash('sha256')
          .update(JSON.stringify([manifestEntries, assets]))
          .digest('hex')
          .slice(0, 12);

        const work = await mkdtemp(join(tmpdir(), 'polyglot-sw-'));
        try {
          const bundled = await build({
            entryPoints: [fileURLToPath(new URL('./service-worker.ts', import.meta.url))],
            bundle: true,
            format: 'iife',
            target: 'es2022',
            minify: true,
            legalComments: 'none',
            write: false,
            define: {
              __OFFLINE_VERSION__: JSON.stringify(version),
              // Workbox's development logging is left out.
              'process.env.NODE_ENV': '"production"',
            },
          });
          const swSrc = join(work, 'sw.js');
          await writeFile(swSrc, bundled.outputFiles[0]?.contents ?? '');
          await injectManifest({ ...options, swSrc, swDest: join(root, 'sw.js') });
        } finally {
          await rm(work, { recursive: true, force: true });
        }
        logger.info(
          `service worker ${version}: ${manifestEntries.length} files precached (${Math.round(size / 1000)} kB)`,
        );
      },
    },
  };
}
