// @ts-check
import { resolve } from 'node:path';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import pagefind from 'astro-pagefind';
import { defineConfig } from 'astro/config';
import { defaultDatasetDir, readContentConfig } from './src/content/source-config.ts';
import { defaultLocale, locales } from './src/i18n/locales.ts';
import { localizedNotFoundPages } from './src/lib/localized-404-integration.ts';
import { serializeSitemapItem } from './src/lib/sitemap-serializer.ts';

const contentConfig = readContentConfig();

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'static',
  i18n: {
    locales: [...locales],
    defaultLocale,
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  // Content is Portable Text, not Markdown; Shiki's inline styles would also break the CSP.
  markdown: { syntaxHighlight: false },
  integrations: [
    react(),
    // Fallback pages, 404 pages and the root chooser are dropped in `serialize` (it knows the
    // routes); hreflang alternates come from the routing module because slugs differ per locale.
    sitemap({ serialize: serializeSitemapItem }),
    pagefind(),
    localizedNotFoundPages(),
  ],
  vite: {
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
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https://cdn.sanity.io",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
});
