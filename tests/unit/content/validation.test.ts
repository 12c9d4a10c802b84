import { rmSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { ContentValidationError, loadSiteContent } from '../../../src/content/index';
import { loadExport } from '../../../src/content/sources/load-export';
import { createLocalSource } from '../../../src/content/sources/local-source';
import { createSanitySource } from '../../../src/content/sources/sanity-source';
import {
  editDoc,
  mutatedDataset,
  tinyDataset,
  withoutField,
  type FixtureDoc,
} from './helpers/mutated-dataset';
import { startSanityApiServer } from './helpers/sanity-api-server';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function load(dir: string) {
  return loadSiteContent(
    createLocalSource({ datasetDir: dir, projectId: 'local', dataset: 'production' }),
  );
}

async function problemsOf(mutate: (docs: FixtureDoc[]) => FixtureDoc[]): Promise<string[]> {
  const dir = mutatedDataset(mutate);
  dirs.push(dir);
  const error: unknown = await load(dir).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ContentValidationError))
    throw new Error(`expected a ContentValidationError, got ${String(error)}`);
  return error.problems;
}

const article = 'article-tiny-words-de';

test('the unbroken fixture loads, so every failure below comes from its one change', async () => {
  const content = await load(tinyDataset);
  expect(content.articles.de.map((a) => a._id)).toEqual([article]);
});

describe('a document that breaks the model fails with its id and the field', () => {
  test.each([
    {
      what: 'a missing slug',
      mutate: editDoc(article, withoutField('slug')),
      problem: `Invalid article "${article}": field "slug" is required`,
    },
    {
      what: 'a slug with capitals and spaces',
      mutate: editDoc(article, (doc) => ({
        ...doc,
        slug: { _type: 'slug', current: 'Warum Wörter' },
      })),
      problem: `Invalid article "${article}": field "slug" must be lowercase ASCII letters, digits and single hyphens`,
    },
    {
      what: 'an unknown locale',
      mutate: editDoc('category-language-de', (doc) => ({ ...doc, language: 'es' })),
      problem:
        'Invalid category "category-language-de": field "language" must be one of en, de, fr, ar, not "es"',
    },
    {
      what: 'an author reference that does not resolve',
      mutate: editDoc(article, (doc) => ({
        ...doc,
        author: { _type: 'reference', _ref: 'author-nobody' },
      })),
      problem: `Invalid article "${article}": field "author" must reference a published author`,
    },
    {
      what: 'a category in another language',
      mutate: editDoc(article, (doc) => ({
        ...doc,
        categories: [{ _key: 'c', _type: 'reference', _ref: 'category-language-en' }],
      })),
      problem: `Invalid article "${article}": field "categories[0]" must reference a category in de, not "category-language-en" (en)`,
    },
    {
      what: 'a cover without alt text',
      mutate: editDoc(article, (doc) => ({
        ...doc,
        coverImage: { ...(doc['coverImage'] as object), alt: '  ' },
      })),
      problem: `Invalid article "${article}": field "coverImage.alt" must not be empty`,
    },
    {
      what: 'a javascript: link in the body',
      mutate: editDoc(article, (doc) => {
        const body = doc['body'] as { markDefs?: { href: string }[] }[];
        const first = body[0]?.markDefs?.[0];
        if (first) first.href = 'javascript:alert(1)';
        return doc;
      }),
      problem: `Invalid article "${article}": field "body[0].markDefs[0].href" must be an http(s), mailto or site-relative URL`,
    },
    {
      what: 'a span with a mark nobody defined',
      mutate: editDoc(article, (doc) => {
        const body = doc['body'] as { children: { marks: string[] }[] }[];
        body[1]?.children[0]?.marks.push('nowhere');
        return doc;
      }),
      problem: `Invalid article "${article}": field "body[1].children[0].marks[0]" names an undefined mark "nowhere"`,
    },
    {
      what: 'an excerpt over 200 characters',
      mutate: editDoc(article, (doc) => ({ ...doc, excerpt: 'ä'.repeat(201) })),
      problem: `Invalid article "${article}": field "excerpt" must be at most 200 characters`,
    },
    {
      what: 'a publishedAt that is not a date',
      mutate: editDoc(article, (doc) => ({ ...doc, publishedAt: 'yesterday' })),
      problem: `Invalid article "${article}": field "publishedAt" must be an ISO date-time like 2026-03-14T09:00:00Z`,
    },
    {
      what: 'a second German article with the same slug',
      mutate: (docs: FixtureDoc[]) =>
        docs.flatMap((doc) =>
          doc._id === article ? [doc, { ...doc, _id: 'article-copy-de' }] : [doc],
        ),
      problem: `Invalid article "${article}": field "slug" "warum-woerter-reisen" is already used by "article-copy-de"`,
    },
    {
      what: 'a translation group that files the German article under French',
      mutate: editDoc('translation-metadata-article-tiny-words', (doc) => {
        const translations = doc['translations'] as { _key: string }[];
        return {
          ...doc,
          translations: translations.map((t) =>
            t._key === 'de' ? { ...t, _key: 'fr', language: 'fr' } : t,
          ),
        };
      }),
      problem: `Invalid translation.metadata "translation-metadata-article-tiny-words": field "translations[1]" lists "${article}" as fr, but its language is de`,
    },
    {
      what: 'a navigation entry pointing at a page of another locale',
      mutate: editDoc('siteSettings-de', (doc) => ({
        ...doc,
        navigation: [
          {
            _key: 'x',
            label: 'Über uns',
            reference: { _type: 'reference', _ref: 'page-about-en' },
          },
        ],
      })),
      problem:
        'Invalid siteSettings "siteSettings-de": field "navigation[0].reference" must reference a de document, not "page-about-en"',
    },
    {
      what: 'no site settings for Arabic',
      mutate: (docs: FixtureDoc[]) => docs.filter((d) => d._id !== 'siteSettings-ar'),
      problem: 'Missing siteSettings for locale "ar"',
    },
  ])('$what', async ({ mutate, problem }) => {
    expect(await problemsOf(mutate)).toContain(problem);
  });
});

test('a document without a language is named, not silently left out', async () => {
  const problems = await problemsOf(editDoc('siteSettings-fr', withoutField('language')));
  expect(problems).toEqual([
    'Invalid siteSettings "siteSettings-fr": field "language" must be one of en, de, fr, ar, not null',
  ]);
});

test('every broken document is reported in one run, not just the first', async () => {
  const problems = await problemsOf((docs) =>
    editDoc(
      article,
      withoutField('slug'),
    )(editDoc('category-language-de', (doc) => ({ ...doc, title: '' }))(docs)),
  );
  expect(problems).toEqual(
    expect.arrayContaining([
      `Invalid article "${article}": field "slug" is required`,
      'Invalid category "category-language-de": field "title" must not be empty',
    ]),
  );
});

test('an image whose file is missing from the export fails with the document and field', async () => {
  const problems = load(
    mutatedDataset(
      editDoc(article, (doc) => ({
        ...doc,
        coverImage: {
          _type: 'image',
          alt: 'x',
          _sanityAsset: `image@file://./images/${'0'.repeat(40)}-10x10.jpg`,
        },
      })),
    ),
  );
  await expect(problems).rejects.toThrow(
    `Invalid article "${article}": field "coverImage" points to a missing file images/${'0'.repeat(40)}-10x10.jpg`,
  );
});

test('on hosted Sanity, a body image whose asset document is gone fails with the block', async () => {
  const { documents } = await loadExport(tinyDataset, { projectId: 'p', dataset: 'production' });
  const figure = 'image-eaab2d666b503ce75874973dd24eb305ccc58e8f-800x450-png';
  const server = await startSanityApiServer({
    dataset: 'production',
    documents: documents.filter((doc) => doc._id !== figure),
  });
  try {
    const hosted = createSanitySource({
      projectId: 'p',
      dataset: 'production',
      apiVersion: '2025-02-19',
      token: undefined,
      apiHost: server.url,
    });
    await expect(loadSiteContent(hosted)).rejects.toThrow(
      `Invalid article "${article}": field "body[4].asset" must reference a published image asset, not "${figure}"`,
    );
  } finally {
    await server.close();
  }
});
