/**
 * Editors' changes applied to a generated dataset (bench/lib/generate-dataset.mjs) in place, as a
 * publish in Sanity changes the export: the incremental build test (tests/build/) and `npm run
 * bench:publish` make each change, build again and compare `dist/` with a clean build.
 * Each change takes the dataset folder and an article number that the dataset has (≥ 12 articles).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

function readDocuments(dir) {
  return readFileSync(join(dir, 'data.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

function writeDocuments(dir, documents) {
  writeFileSync(
    join(dir, 'data.ndjson'),
    documents.map((document) => JSON.stringify(document)).join('\n') + '\n',
  );
}

function find(documents, id) {
  const document = documents.find((candidate) => candidate._id === id);
  if (document === undefined) throw new Error(`The dataset has no document ${id}`);
  return document;
}

function metadataOf(documents, articleNumber) {
  return find(documents, `translation-metadata-article-${articleNumber}`);
}

function edit(dir, change) {
  const documents = readDocuments(dir);
  change(documents);
  writeDocuments(dir, documents);
}

/** Every kind of change, by name: what `bench:publish` times and the test checks. */
export const contentChanges = {
  /** A corrected title. */
  'edit an article': (dir, n) =>
    edit(dir, (documents) => {
      find(documents, `article-${n}-en`).title += ' (corrected)';
    }),
  /** A new English article, published now (the newest: it heads every list). */
  'add an article': (dir, n) =>
    edit(dir, (documents) => {
      const model = find(documents, `article-${n}-en`);
      const id = `article-new-${n}`;
      documents.push({
        ...structuredClone(model),
        _id: `${id}-en`,
        title: `Published just now ${n}`,
        slug: { _type: 'slug', current: `published-just-now-${n}` },
        publishedAt: '2030-01-01T00:00:00.000Z',
      });
      documents.push({
        _id: `translation-metadata-${id}`,
        _type: 'translation.metadata',
        schemaTypes: ['article'],
        translations: [
          {
            _key: 'en',
            _type: 'internationalizedArrayReferenceValue',
            value: { _type: 'reference', _ref: `${id}-en` },
          },
        ],
      });
    }),
  /** An article deleted in every language, with its translation group. */
  'delete an article': (dir, n) =>
    edit(dir, (documents) => {
      const gone = new Set(metadataOf(documents, n).translations.map((entry) => entry.value._ref));
      gone.add(`translation-metadata-article-${n}`);
      documents.splice(
        0,
        documents.length,
        ...documents.filter((document) => !gone.has(document._id)),
      );
    }),
  /** One translation unpublished: only its draft is left (the group still lists it). */
  'unpublish a translation': (dir, n) =>
    edit(dir, (documents) => {
      const document = find(documents, `article-${n}-de`);
      document._id = `drafts.${document._id}`;
    }),
  /** A French translation of an article that had none (article numbers 4k + 3). */
  'add a translation': (dir, n) =>
    edit(dir, (documents) => {
      const english = find(documents, `article-${n}-en`);
      const id = `article-${n}-fr`;
      documents.push({
        ...structuredClone(english),
        _id: id,
        language: 'fr',
        title: `Traduit ${n}`,
        slug: { _type: 'slug', current: `traduit-${n}` },
        categories: english.categories.map((reference) => ({
          ...reference,
          _ref: reference._ref.replace(/-en$/, '-fr'),
        })),
      });
      metadataOf(documents, n).translations.push({
        _key: 'fr',
        _type: 'internationalizedArrayReferenceValue',
        value: { _type: 'reference', _ref: id },
      });
    }),
  /** A new slug: the old URL goes, the new one comes, siblings' switchers follow. */
  'change a slug': (dir, n) =>
    edit(dir, (documents) => {
      find(documents, `article-${n}-en`).slug.current += '-renamed';
    }),
  /** An author's name, shown on every article of theirs and every list. */
  'rename an author': (dir) =>
    edit(dir, (documents) => {
      find(documents, 'author-1').name += ' Renamed';
    }),
  /** A category's name in English, shown on its articles' cards and pages. */
  'rename a category': (dir) =>
    edit(dir, (documents) => {
      find(documents, 'category-1-en').title += ' renamed';
    }),
  /** A new cover image for an article (a new asset: Sanity names assets by content). */
  'replace an image': async (dir, n) => {
    const bytes = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: n % 256, g: 90, b: 140 } },
    })
      .jpeg()
      .toBuffer();
    const sha1 = createHash('sha1').update(bytes).digest('hex');
    const file = `${sha1}-1600x900.jpg`;
    writeFileSync(join(dir, 'images', file), bytes);
    const assetsFile = join(dir, 'assets.json');
    const assets = JSON.parse(readFileSync(assetsFile, 'utf8'));
    assets[`image-${sha1}`] = {
      originalFilename: `replaced-${n}.jpg`,
      size: bytes.length,
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: {
          _type: 'sanity.imageDimensions',
          width: 1600,
          height: 900,
          aspectRatio: 1600 / 900,
        },
        hasAlpha: false,
      },
    };
    writeFileSync(assetsFile, JSON.stringify(assets, null, 2) + '\n');
    edit(dir, (documents) => {
      find(documents, `article-${n}-en`).coverImage._sanityAsset = `image@file://./images/${file}`;
    });
  },
};
