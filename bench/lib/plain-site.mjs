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
 * With `size`, every page weighs about `size.pageBytes` of HTML, `size.styleBytes` of them an
 * inline stylesheet (the same on every page), the rest paragraphs: Astro's floor for pages as
 * heavy as the real site's.
 *
 * @example await writePlainSite('/tmp/bench/plain', 8000, '/work/main/node_modules')
 * @example await writePlainSite(dir, 8000, modules, { pageBytes: 60000, styleBytes: 25000 })
 */
export async function writePlainSite(dir, pageCount, nodeModules, size) {
  await mkdir(join(dir, 'src/pages'), { recursive: true });
  await mkdir(join(dir, 'src/data'), { recursive: true });
  await symlink(nodeModules, join(dir, 'node_modules'), 'dir');
  const random = createRandom(42);
  const style = size ? stylesheet(size.styleBytes) : '';
  // Six paragraphs of about 400 bytes each, written `rounds` times: heavier pages render more
  // paragraphs without a data file that grows with them (the pages' data is one imported module).
  const rounds = size
    ? Math.max(1, Math.round((size.pageBytes - size.styleBytes - 300) / (6 * 400)))
    : 1;
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
const rounds = Array.from({ length: ${rounds} }, (_, round) => round);
---

<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{title}</title>${style ? `\n    <style is:inline>${style}</style>` : ''}
  </head>
  <body>
    <main>
      <h1>{title}</h1>
      {rounds.map(() => paragraphs.map((text) => <p>{text}</p>))}
    </main>
  </body>
</html>
`,
  );
}

/** A stylesheet of about `bytes` bytes: distinct class rules, as a real one has. */
function stylesheet(bytes) {
  const rules = [];
  let length = 0;
  for (let index = 0; length < bytes; index += 1) {
    const rule = `.c${index}{margin:${index % 7}px ${index % 5}px;color:#${((index * 2654435761) % 16777216).toString(16).padStart(6, '0')}}`;
    rules.push(rule);
    length += rule.length;
  }
  return rules.join('');
}
