// @ts-check
import { resolve } from 'node:path';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { siteOrigin } from './scripts/site-origin.ts';
import { defaultDatasetDir, readContentConfig } from './src/content/source-config.ts';
import { lazyStringsPlugin } from './src/i18n/lazy-strings-plugin.ts';
import { defaultLocale, locales } from './src/i18n/locales.ts';
import { inPlaceOutput } from './src/lib/in-place-output-integration.ts';
import { localizedNotFoundPages } from './src/lib/localized-404-integration.ts';
import { pageStore } from './src/lib/page-store-integration.ts';
import { searchIndex } from './src/lib/search-index-integration.ts';
import { siteSitemap } from './src/lib/sitemap-integration.ts';
import { offlineServiceWorker } from './src/offline/offline-integration.ts';
import { connectSources, resolveSupabaseSettings } from './src/lib/supabase-settings.ts';

const contentConfig = readContentConfig();
// The Supabase project the islands talk to: PUBLIC_SUPABASE_URL/_ANON_KEY, else the local backend
// as `npm start` runs it. Put back into the environment, where Vite reads PUBLIC_* variables from.
const supabase = await resolveSupabaseSettings();
process.env.PUBLIC_SUPABASE_URL = supabase.url;
process.env.PUBLIC_SUPABASE_ANON_KEY = supabase.anonKey;
const supabaseSources = connectSources(supabase.url);
// Builds write into the previous output folder and remove what they did not write (first in the
// list, so stale pages are gone before Pagefind reads the folder; its last step runs last).
const inPlace = inPlaceOutput();

export default defineConfig({
  // SITE_URL, else where `npm start` serves the site (PORT): the same origin the backend is given.
  site: siteOrigin(process.env).url,
  output: 'static',
  // Where the incremental build keeps its cache (default node_modules/.astro/): the incremental
  // build test and bench:publish give each site its own.
  cacheDir: process.env.BUILD_CACHE_DIR || './node_modules/.astro',
  i18n: {
    locales: [...locales],
    defaultLocale,
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  // Two pages at a time: while one page's file is written (the main thread waited for the disk a
  // quarter of the rendering time), the next renders. Same output; bench/README.md has the numbers.
  build: { inlineStylesheets: 'always', concurrency: 2 },
  // Incremental builds: a page whose `cacheKey` (src/lib/page-cache-key.ts) and code are unchanged
  // since the last build is reused from the cache in node_modules/.astro/ instead of rendered
  // (the cache keeps each page as a link to the page written: `pageStore()` below).
  // BUILD_CACHE=off builds every page and keeps no cache (bench:publish times a full build both ways).
  experimental: { incrementalBuild: process.env.BUILD_CACHE !== 'off' },
  // Content is Portable Text, not Markdown; Shiki's inline styles would also break the CSP.
  markdown: { syntaxHighlight: false },
  integrations: [
    inPlace.beforePages,
    // The cache's copies of the pages, as links to the pages written (src/lib/page-store.ts).
    pageStore(),
    react(),
    // The sitemap, without fallback pages, 404 pages and the root chooser (src/lib/sitemap-integration.ts).
    siteSitemap(),
    // Pagefind, reading only the pages that can be searchable.
    searchIndex(),
    localizedNotFoundPages(),
    // The service worker /sw.js, written from the finished pages (src/offline/).
    offlineServiceWorker(),
    {
      // `client:session`: hydrate members' islands only when a session is stored or on interaction.
      name: 'polyglot-press:session-directive',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({
            name: 'session',
            entrypoint: './src/islands/shared/session-directive.ts',
          });
        },
      },
    },
    inPlace.afterAll,
  ],
  vite: {
    // The sign-in dialog's strings, built per locale into the chunk loaded with the dialog.
    plugins: [lazyStringsPlugin()],
    resolve: {
      alias: {
        // Local dataset images go through Astro's image pipeline via import.meta.glob (src/lib/local-images.ts).
        '@content-dataset':
          contentConfig.kind === 'local' ? contentConfig.datasetDir : resolve(defaultDatasetDir),
      },
    },
  },
  security: {
    // Hash-based CSP in a <meta> tag on every page. Pages add what they need on top (the root's
    // inline script hash, Pagefind's WebAssembly on the search page) through Astro.csp.
    // The islands may reach the configured Supabase origin (HTTP and WebSocket) and nothing else;
    // avatars are served from its storage.
    csp: {
      directives: [
        "default-src 'self'",
        `connect-src 'self' ${supabaseSources.join(' ')}`,
        `img-src 'self' data: https://cdn.sanity.io ${supabaseSources[0]}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
});
