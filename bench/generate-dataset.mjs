/**
 * `npm run dataset:generate -- --articles N --out DIR`: writes the generated dataset the build
 * benchmark uses (bench/lib/generate-dataset.mjs) into DIR, for building and browser-testing the
 * site at a size the embedded dataset does not reach (categories and authors of several pages):
 * `CONTENT_DATASET_DIR=DIR npx astro build --outDir DIR-site`, then the browser tests with the
 * same `CONTENT_DATASET_DIR` and `E2E_DIST_DIR=DIR-site` (README, "A large dataset").
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateDataset } from './lib/generate-dataset.mjs';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '2000' },
    out: { type: 'string' },
  },
});
const articleCount = Number(values.articles);
if (!Number.isInteger(articleCount) || articleCount < 1) {
  throw new Error(`--articles must be a positive integer, not "${values.articles}"`);
}
if (values.out === undefined) throw new Error('--out DIR is required: where to write the dataset');
const dir = resolve(values.out);
const dataset = await generateDataset(dir, articleCount);
console.log(
  `Wrote ${dataset.articleDocuments} article documents (${dataset.documents} documents, ${dataset.images} images) to ${dir}`,
);
