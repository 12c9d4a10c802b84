/**
 * How heavy a built site's pages are: the mean size of its HTML pages, and of the inline
 * stylesheets in them (read from an even sample of the pages).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * @param {string} distDir
 * @returns {Promise<{ pages: number, pageBytes: number, styleBytes: number }>}
 * @example await meanPageSize('/tmp/bench/site-dist') // { pages: 10730, pageBytes: 66000, styleBytes: 25266 }
 */
export async function meanPageSize(distDir, sampleSize = 200) {
  const entries = await readdir(distDir, { recursive: true });
  const pages = entries.filter((path) => path.endsWith('.html')).sort();
  if (pages.length === 0) throw new Error(`No HTML pages in ${distDir}`);
  const sizes = await Promise.all(
    pages.map(async (path) => (await stat(join(distDir, path))).size),
  );
  const step = Math.max(1, Math.floor(pages.length / sampleSize));
  const sample = pages.filter((_, index) => index % step === 0);
  let styleBytes = 0;
  for (const path of sample) {
    const html = await readFile(join(distDir, path), 'utf8');
    for (const [, css] of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
      styleBytes += Buffer.byteLength(css ?? '');
    }
  }
  return {
    pages: pages.length,
    pageBytes: Math.round(sizes.reduce((sum, size) => sum + size, 0) / pages.length),
    styleBytes: Math.round(styleBytes / sample.length),
  };
}
