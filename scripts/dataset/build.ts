/**
 * `npm run dataset`: compiles the writers' sources in src/content/authoring/ into the embedded
 * dataset in src/content/dataset/ (Sanity's export layout), then loads it through the same
 * validation the site build uses. The old dataset is replaced only when the new one is valid.
 *
 * Options: --src <authoring dir> --out <dataset dir>
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { locales } from '../../src/i18n/locales.ts';
import { ContentValidationError, loadSiteContent } from '../../src/content/index.ts';
import { createLocalSource } from '../../src/content/sources/local-source.ts';
import { addDrafts } from './add-drafts.ts';
import { compileDataset } from './compile-documents.ts';
import { readAuthoring } from './read-authoring.ts';
import { writeExport } from './write-export.ts';

const { values } = parseArgs({
  options: {
    src: { type: 'string', default: 'src/content/authoring' },
    out: { type: 'string', default: 'src/content/dataset' },
  },
});
const src = resolve(values.src);
const out = resolve(values.out);
const staging = `${out}.staging`;

const started = performance.now();
const sources = await readAuthoring(src);
const { documents, images, sourceFiles } = await compileDataset(sources, src);
const withDrafts = addDrafts(documents);

await rm(staging, { recursive: true, force: true });
await writeExport(staging, withDrafts, images);
try {
  const content = await loadSiteContent(
    createLocalSource({ datasetDir: staging, projectId: 'local', dataset: 'production' }),
  );
  const counts = locales.map((l) => `${l} ${String(content.articles[l].length)}`).join(', ');
  console.log(
    `Articles: ${counts}; authors ${String(content.authors.length)}; categories (en) ${String(content.categories.en.length)}; pages (en) ${String(content.pages.en.length)}`,
  );
} catch (error) {
  await rm(staging, { recursive: true, force: true });
  if (!(error instanceof ContentValidationError)) throw error;
  for (const problem of error.problems) console.error(pointAtSource(problem, sourceFiles));
  console.error(`\nThe dataset in ${values.out} was left unchanged.`);
  process.exit(1);
}

if (existsSync(out)) await rm(out, { recursive: true });
await rename(staging, out);
for (const note of sources.skipped) console.warn(`Skipped (not finished): ${note}`);
console.log(
  `Wrote ${String(withDrafts.length)} documents and ${String(images.length)} images to ${values.out} in ${String(Math.round(performance.now() - started))} ms`,
);

/** Adds the authoring file to a problem that names a document id: writers fix files, not ids. */
function pointAtSource(problem: string, files: Map<string, string>): string {
  const id = /"([^"]+)"/.exec(problem)?.[1];
  const file = id === undefined ? undefined : files.get(id);
  return file === undefined ? problem : `${problem} (${file})`;
}
