/**
 * The baseline of the build benchmark: the smallest honest Astro site that renders `pageCount`
 * pages from data through `getStaticPaths` — one layout, a title and a few paragraphs per page,
 * no integrations, no images, no i18n. What the real site costs on top of this is the figure.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRandom, paragraph, words } from './synthetic-text.mjs';

/**
 * Writes the project into `dir` (a temp dir); `nodeModules` is linked in so `astro` resolves.
 *
 * @example await writePlainSite('/tmp/bench/plain', 8000, '/work/main/node_modules')
 */
export async function writePlainSite(dir, pageCount, nodeModules) {
  await mkdir(join(dir, 'src/pages'), { recursive: true });
  await mkdir(join(dir, 'src/data'), { recursive: true });
  await symlink(nodeModules, join(dir, 'node_modules'), 'dir');
  const random = createRandom(42);
  const pages = Array.from({ length: pageCount }, (_, index) => ({
    slug: `pages/${index}`,
    title: words('en', random, 5),
    paragraphs: Array.from({ length: 6 }, () => paragraph('en', random, 4)),
  }));
  await writeFile(join(dir, 'src/data/pages.json'), JSON.stringify(pages));
  await writeFile(
    join(dir, 'astro.config.mjs'),
    // Caches stay in the temp dir: the linked node_modules is the real project's.
    `export default { output: 'static', cacheDir: './.astro-cache', vite: { cacheDir: './.vite-cache' } };\n`,
  );
  await writeFile(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  await writeFile(
    join(dir, 'src/pages/[...slug].astro'),
    `---
import pages from '../data/pages.json';

export function getStaticPaths() {
  return pages.map((page) => ({ params: { slug: page.slug }, props: page }));
}

const { title, paragraphs } = Astro.props;
---

<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{title}</title>
  </head>
  <body>
    <main>
      <h1>{title}</h1>
      {paragraphs.map((text) => <p>{text}</p>)}
    </main>
  </body>
</html>
`,
  );
}
