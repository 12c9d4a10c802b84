/**
 * The incremental build writes the same site as a clean build: a generated dataset is built, an
 * editor's changes of every kind are made, the site is built again with the cache, and the result
 * is compared byte for byte with a clean build (no cache) of the same content.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contentChanges } from '../../bench/lib/content-changes.mjs';
import { generateDataset } from '../../bench/lib/generate-dataset.mjs';
import { buildSite, differingFiles } from '../../bench/lib/site-build.mjs';

const buildTimeout = 600_000;
const work = mkdtempSync(join(tmpdir(), 'incremental-build-'));
const dataset = join(work, 'dataset');
const site = join(work, 'site');
const cache = join(work, 'cache');

/** The slugs of the documents whose id starts with `prefix`. */
function slugsOf(prefix: string): string[] {
  return readFileSync(join(dataset, 'data.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line.includes(`"_id":"${prefix}`))
    .map((line) => (JSON.parse(line) as { slug: { current: string } }).slug.current);
}

/** A clean build of the current dataset in its own folder and cache. */
async function cleanBuild(name: string): Promise<string> {
  const outDir = join(work, `clean-${name}`);
  await buildSite({ dataset, outDir, cacheDir: join(work, `clean-cache-${name}`) });
  return outDir;
}

beforeAll(async () => {
  await generateDataset(dataset, 16);
  await buildSite({ dataset, outDir: site, cacheDir: cache });
}, buildTimeout);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('an incremental build after content changes', () => {
  test(
    'an edit, a new article, a deleted one, an unpublished and a new translation: the same site as a clean build, with unchanged pages reused',
    async () => {
      const deletedSlugs = slugsOf('article-2-');
      contentChanges['edit an article'](dataset, 0);
      contentChanges['add an article'](dataset, 1);
      contentChanges['delete an article'](dataset, 2);
      contentChanges['unpublish a translation'](dataset, 5);
      contentChanges['add a translation'](dataset, 3);
      const incremental = (await buildSite({ dataset, outDir: site, cacheDir: cache })) as {
        reused: number;
      };
      expect(incremental.reused).toBeGreaterThan(0);
      const clean = await cleanBuild('content');
      expect(differingFiles(clean, site)).toEqual([]);
      // The deleted article left nothing behind: no page, list entry, search or sitemap entry.
      const sitemap = readFileSync(join(site, 'sitemap-0.xml'), 'utf8');
      const articleIndex = readFileSync(join(site, 'article-index.json'), 'utf8');
      expect(deletedSlugs.length).toBeGreaterThan(0);
      for (const slug of deletedSlugs) {
        for (const locale of ['en', 'de', 'fr', 'ar']) {
          expect(existsSync(join(site, locale, 'articles', slug))).toBe(false);
        }
        expect(sitemap).not.toContain(`/${slug}/`);
        expect(articleIndex).not.toContain(`/${slug}/`);
      }
      // (The search index is compared byte for byte above: Pagefind indexes what dist/ holds.)
      expect(sitemap).toContain('published-just-now-1');
      expect(sitemap).toContain('traduit-3');
    },
    buildTimeout,
  );

  test(
    'a changed slug, a renamed author and category, a replaced image: the same site as a clean build',
    async () => {
      contentChanges['change a slug'](dataset, 4);
      contentChanges['rename an author'](dataset);
      contentChanges['rename a category'](dataset);
      await contentChanges['replace an image'](dataset, 6);
      await buildSite({ dataset, outDir: site, cacheDir: cache });
      expect(differingFiles(await cleanBuild('names'), site)).toEqual([]);
    },
    buildTimeout,
  );

  test(
    'pages deleted, changed or added by hand in the output folder: the next build writes the same site as a clean build',
    async () => {
      // Builds write into the previous output and keep its unchanged pages, so they must notice
      // when something other than the last build changed the folder.
      const [slug = ''] = slugsOf('article-0-en');
      rmSync(join(site, 'en', 'articles', slug, 'index.html'));
      writeFileSync(join(site, 'de', 'index.html'), 'changed by hand');
      writeFileSync(join(site, 'fr', 'stray.html'), 'not from a build');
      // An output folder that is a Git checkout (a gh-pages worktree) keeps its .git.
      mkdirSync(join(site, '.git'));
      writeFileSync(join(site, '.git', 'HEAD'), 'ref: refs/heads/gh-pages\n');
      await buildSite({ dataset, outDir: site, cacheDir: cache });
      expect(readFileSync(join(site, '.git', 'HEAD'), 'utf8')).toBe('ref: refs/heads/gh-pages\n');
      rmSync(join(site, '.git'), { recursive: true });
      expect(differingFiles(await cleanBuild('by-hand'), site)).toEqual([]);
    },
    buildTimeout,
  );
});
