import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadSiteContent } from '../../../src/content/index';
import { createLocalSource } from '../../../src/content/sources/local-source';

const run = promisify(execFile);
const authoring = 'tests/fixtures/content/authoring';
const work = mkdtempSync(join(tmpdir(), 'dataset-build-'));

/** Runs `npm run dataset`'s script on Node 24 (the one running the tests). */
function buildDataset(src: string, out: string) {
  return run(process.execPath, ['scripts/dataset/build.ts', '--src', src, '--out', out]);
}

function listing(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files[path.slice(dir.length)] = readFileSync(path).toString('base64');
    }
  }
  return files;
}

let first: { stdout: string; stderr: string };
beforeAll(async () => {
  first = await buildDataset(authoring, join(work, 'a'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('npm run dataset on a small authoring folder', () => {
  test('writes the export layout: data.ndjson, images/ and assets.json keyed by image-<sha1>', () => {
    const out = join(work, 'a');
    expect(readdirSync(out).sort()).toEqual(['assets.json', 'data.ndjson', 'images']);
    const images = readdirSync(join(out, 'images')).sort();
    expect(images.map((name) => name.replace(/^[a-f0-9]{40}/, '<sha1>')).sort()).toEqual([
      // The cover at 1600 px wide, the 600 px figure at twice its size, the avatar as drawn.
      '<sha1>-1200x600.png',
      '<sha1>-1600x900.jpg',
      '<sha1>-400x400.webp',
    ]);
    const meta = JSON.parse(readFileSync(join(out, 'assets.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(Object.keys(meta).sort()).toEqual(
      images.map((name) => `image-${name.slice(0, 40)}`).sort(),
    );
    const ndjson = readFileSync(join(out, 'data.ndjson'), 'utf8');
    expect(ndjson).toContain(
      `"_sanityAsset":"image@file://./images/${images.find((n) => n.endsWith('.jpg')) ?? ''}"`,
    );
  });

  test('links translations with translation.metadata and adds drafts that readers never get', async () => {
    const docs = readFileSync(join(work, 'a', 'data.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            _id: string;
            _type: string;
            translations?: { _key: string; value: { _ref: string } }[];
          },
      );
    const group = docs.find((d) => d._id === 'translation-metadata-article-small-words');
    expect(group?.translations?.map((t) => [t._key, t.value._ref])).toEqual([
      ['en', 'article-small-words-en'],
      ['de', 'article-small-words-de'],
      ['fr', 'article-small-words-fr'],
    ]);
    expect(
      docs
        .map((d) => d._id)
        .filter((id) => id.startsWith('drafts.'))
        .sort(),
    ).toEqual(['drafts.article-small-words-en', 'drafts.article-small-words-fr']);

    const content = await loadSiteContent(
      createLocalSource({ datasetDir: join(work, 'a'), projectId: 'local', dataset: 'production' }),
    );
    expect(content.articles.fr).toEqual([]);
    expect(content.articles.en[0]?.title).toBe('Small words');
    expect(content.articles.en[0]?.translations.map((t) => t.language)).toEqual(['de']);
  });

  test('skips an article that has no English text yet, and says so', () => {
    expect(first.stderr).toContain('Skipped (not finished): articles/unfinished: no en.md yet');
    expect(readFileSync(join(work, 'a', 'data.ndjson'), 'utf8')).not.toContain('unfertig');
  });

  test('a second run writes byte-identical files', async () => {
    await buildDataset(authoring, join(work, 'b'));
    expect(listing(join(work, 'b'))).toEqual(listing(join(work, 'a')));
  });

  test('a model error fails the build, names the file, and leaves the last good dataset in place', async () => {
    const broken = join(work, 'broken');
    cpSync(authoring, broken, { recursive: true });
    const file = join(broken, 'articles/small-words/de.md');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('slug: kleine-woerter', 'slug: Kleine Wörter'),
    );
    const before = listing(join(work, 'a'));

    const failure = await buildDataset(broken, join(work, 'a')).then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(
      'Invalid article "article-small-words-de": field "slug" must be lowercase ASCII letters, digits and single hyphens (articles/small-words/de.md)',
    );
    expect(listing(join(work, 'a'))).toEqual(before);
  });
});
