/**
 * `npm run dataset:archive`: packs the embedded dataset (src/content/dataset) into
 * `dataset-export/polyglot-press.tar.gz`, ready for `sanity dataset import <file> <dataset>`.
 *
 * Options: --dataset <export folder> --out <file.tar.gz> --name <top folder in the archive>
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeDatasetArchive } from './write-archive.ts';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: 'src/content/dataset' },
    out: { type: 'string', default: 'dataset-export/polyglot-press.tar.gz' },
    name: { type: 'string', default: 'polyglot-press' },
  },
});

writeDatasetArchive({
  datasetDir: resolve(values.dataset),
  outFile: resolve(values.out),
  folderName: values.name,
});
console.log(
  `Wrote ${values.out} (import it with: npx --prefix studio sanity dataset import ${values.out} <dataset>)`,
);
