import { copyFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { locales } from '../i18n/locales';

/**
 * Static hosts find a not-found page by file name: most serve only the root `404.html` (a
 * multilingual page here), some (Cloudflare Pages) the nearest `404.html` up the tree. Astro
 * writes `/{l}/404/index.html`; this copies it to `/{l}/404.html` so those hosts answer a missing
 * `/de/…` page in German. Netlify gets the same from `public/_redirects`.
 */
export function localizedNotFoundPages(): AstroIntegration {
  return {
    name: 'polyglot-press:localized-404',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        await Promise.all(
          locales.map((locale) =>
            copyFile(`${root}${locale}/404/index.html`, `${root}${locale}/404.html`),
          ),
        );
        logger.info(`copied the 404 page of ${locales.length} locales to /{locale}/404.html`);
      },
    },
  };
}
