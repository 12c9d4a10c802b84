// One source of truth: the Studio (studio/) must accept every document the build accepts and reject
// what the build rejects. Runs the Studio's own validation (its schema and plugins, through
// @sanity/validation) in Node, with GROQ answered by groq-js over the same dataset.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { evaluate, parse } from 'groq-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentValidationError, loadSiteContent } from '../../src/content/index';
import { loadExport, type SanityDocument } from '../../src/content/sources/load-export';
import { createLocalSource } from '../../src/content/sources/local-source';
import {
  editDoc,
  mutatedDataset,
  tinyDataset,
  type FixtureDoc,
} from '../unit/content/helpers/mutated-dataset';

const studioDir = join(import.meta.dirname, '..', '..', 'studio');
const notInstalled = existsSync(join(studioDir, 'node_modules', 'sanity', 'package.json'))
  ? undefined
  : 'the Studio is not installed (npm test installs it; by hand: npm run studio:install)';
if (notInstalled) console.warn(`Skipping the Studio validation tests: ${notInstalled}`);

/** The part of studio/validate.ts this test uses (imported at run time: the Studio is its own package). */
interface StudioValidator {
  documentTypes: string[];
  validate(
    document: SanityDocument,
    exists: (id: string) => boolean,
  ): Promise<{ path: string; message: string }[]>;
}
type CreateValidator = (options: {
  fetch: (query: string, params: Record<string, unknown>) => Promise<unknown>;
}) => StudioValidator;

let createValidator: CreateValidator;

/**
 * Every error the Studio shows, per document id, for a dataset export folder. Published documents
 * only, unless `drafts`: a draft may be unfinished (the Studio saves it and blocks publishing it).
 */
async function studioProblems(
  datasetDir: string,
  { drafts = false } = {},
): Promise<Record<string, string[]>> {
  const { documents } = await loadExport(datasetDir, { projectId: 'local', dataset: 'production' });
  const ids = new Set(documents.map((doc) => doc._id));
  const validator = createValidator({
    fetch: async (query, params): Promise<unknown> => {
      const result = await evaluate(parse(query, { params }), { dataset: documents, params });
      return (await result.get()) as unknown;
    },
  });
  const problems: Record<string, string[]> = {};
  for (const doc of documents) {
    if (doc._type.startsWith('sanity.')) continue; // asset documents: Sanity's, not the editors'
    if (!drafts && doc._id.startsWith('drafts.')) continue;
    const found = await validator.validate(doc, (id) => ids.has(id));
    if (found.length > 0) problems[doc._id] = found.map((p) => `${p.path}: ${p.message}`);
  }
  return problems;
}

async function buildError(datasetDir: string): Promise<ContentValidationError | undefined> {
  const source = createLocalSource({ datasetDir, projectId: 'local', dataset: 'production' });
  const error: unknown = await loadSiteContent(source).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error === undefined || error instanceof ContentValidationError) return error;
  throw error instanceof Error ? error : new Error('loading the content failed', { cause: error });
}

const localDataset = join(import.meta.dirname, '..', '..', 'src/content/dataset');
const article = 'article-tiny-words-de';
const brokenDocuments: {
  what: string;
  id: string;
  mutate: (docs: FixtureDoc[]) => FixtureDoc[];
}[] = [
  {
    what: 'a title over 140 characters',
    id: article,
    mutate: editDoc(article, (doc) => ({ ...doc, title: 'W'.repeat(141) })),
  },
  {
    what: 'a blank excerpt',
    id: article,
    mutate: editDoc(article, (doc) => ({ ...doc, excerpt: '   ' })),
  },
  {
    what: 'a slug with capitals and spaces',
    id: article,
    mutate: editDoc(article, (doc) => ({
      ...doc,
      slug: { _type: 'slug', current: 'Warum Wörter' },
    })),
  },
  {
    what: 'a second German article with the same slug',
    id: 'article-tiny-words-de-copy',
    mutate: (docs) => {
      const original = docs.find((doc) => doc._id === article);
      if (!original) throw new Error(`fixture has no ${article}`);
      return [...docs, { ...structuredClone(original), _id: 'article-tiny-words-de-copy' }];
    },
  },
  {
    what: 'a cover without alt text',
    id: article,
    mutate: editDoc(article, (doc) => ({
      ...doc,
      coverImage: { ...(doc['coverImage'] as object), alt: undefined },
    })),
  },
  {
    what: 'a javascript: link in the body',
    id: article,
    mutate: editDoc(article, (doc) => {
      const body = doc['body'] as {
        _type: string;
        markDefs?: unknown[];
        children: { marks: string[] }[];
      }[];
      const block = body.find((b) => b._type === 'block');
      if (!block) throw new Error('fixture article has no text block');
      block.markDefs = [{ _key: 'evil', _type: 'link', href: 'javascript:alert(1)' }];
      const [span] = block.children;
      if (!span) throw new Error('fixture text block has no span');
      span.marks = ['evil'];
      return { ...doc, body };
    }),
  },
  {
    what: 'an update dated before publication',
    id: article,
    mutate: editDoc(article, (doc) => ({ ...doc, updatedAt: '2000-01-01T00:00:00Z' })),
  },
  {
    what: 'a category in another language',
    id: article,
    mutate: editDoc(article, (doc) => ({
      ...doc,
      categories: [{ _key: 'c', _type: 'reference', _ref: 'category-language-en' }],
    })),
  },
  {
    what: 'an author’s Arabic name over 80 characters',
    id: 'author-ada',
    mutate: editDoc('author-ada', (doc) => ({
      ...doc,
      localizedName: { _type: 'localeString', ar: 'ا'.repeat(81) },
    })),
  },
  {
    what: 'a navigation entry pointing at a page of another language',
    id: 'siteSettings-de',
    mutate: editDoc('siteSettings-de', (doc) => ({
      ...doc,
      navigation: [
        { _key: 'x', label: 'Über uns', reference: { _type: 'reference', _ref: 'page-about-en' } },
      ],
    })),
  },
];

describe.skipIf(notInstalled)(
  `the Studio validates as the build does${notInstalled ? ` (skipped: ${notInstalled})` : ''}`,
  () => {
    const dirs: string[] = [];

    beforeAll(async () => {
      const module = (await import(pathToFileURL(join(studioDir, 'validate.ts')).href)) as {
        createStudioValidator: CreateValidator;
      };
      createValidator = module.createStudioValidator;
    });
    afterAll(() => {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    it('edits every document type the build queries, with the translation plugin’s metadata', () => {
      const validator = createValidator({ fetch: () => Promise.resolve(null) });
      expect(new Set(validator.documentTypes)).toEqual(
        new Set(['article', 'category', 'page', 'author', 'siteSettings', 'translation.metadata']),
      );
    });

    it('accepts every published document of the local dataset', async () => {
      expect(await studioProblems(localDataset)).toEqual({});
    });

    it('blocks publishing the unfinished Arabic draft, whose category is still the English one', async () => {
      const problems = await studioProblems(localDataset, { drafts: true });
      expect(problems).toEqual({
        'drafts.article-berlin-courtyards-ar': [
          'categories: must reference categories in ar, not category-cities-en',
        ],
      });
    });

    it('accepts the small fixture each broken case below starts from', async () => {
      expect(await studioProblems(tinyDataset)).toEqual({});
      expect(await buildError(tinyDataset)).toBeUndefined();
    });

    it.each(brokenDocuments)('rejects $what, as the build does', async ({ id, mutate }) => {
      const dir = mutatedDataset(mutate);
      dirs.push(dir);
      const error = await buildError(dir);
      expect(error?.problems.join('\n'), 'the build rejects it').toContain(`"${id}"`);
      const problems = await studioProblems(dir);
      expect(Object.keys(problems), 'the Studio rejects the same document').toContain(id);
    });
  },
);
