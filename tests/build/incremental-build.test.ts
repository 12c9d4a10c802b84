/**
 * The incremental build writes the same site as a clean build: a generated dataset is built, an
 * editor's changes of every kind are made, the site is built again with the cache, and the result
 * is compared byte for byte with a clean build (no cache) of the same content. Then `npm start`
 * publishes changes while it runs.
 *
 * Every test that builds the site is in this one file, which Vitest runs one test after another:
 * Astro builds of one project share its `.astro/` folder (`.astro/.prerender/`), so two builds at
 * once (two files in parallel) break each other with ERR_MODULE_NOT_FOUND.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contentChanges } from '../../bench/lib/content-changes.mjs';
import { generateDataset } from '../../bench/lib/generate-dataset.mjs';
import { buildSite, differingFiles } from '../../bench/lib/site-build.mjs';
import { projectRoot } from '../../local-supabase/paths.ts';
import { defaultDatasetDir } from '../../src/content/source-config.ts';
import { freePort } from '../backend/helpers/free-port.ts';

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

  test(
    'an output folder that is gone, as on a host that keeps only the cache: unchanged pages restored, the same site as a clean build',
    async () => {
      contentChanges['edit an article'](dataset, 7);
      rmSync(site, { recursive: true });
      const { output } = (await buildSite({ dataset, outDir: site, cacheDir: cache })) as {
        output: string;
      };
      expect((output.match(/\(restored\)/g) ?? []).length).toBeGreaterThan(100);
      expect(differingFiles(await cleanBuild('restored'), site)).toEqual([]);
      // The cache's copies are the pages' own files (src/lib/page-store.ts): the site's bytes
      // are on disk once.
      const copies = readdirSync(join(cache, 'pages'));
      expect(copies.length).toBeGreaterThan(100);
      for (const copy of copies) expect(statSync(join(cache, 'pages', copy)).nlink).toBe(2);
    },
    buildTimeout,
  );
});

// --- Publishing while the site runs ----------------------------------------------------------
// README, "Incremental builds": `npm start` watches the local dataset, and an editor's change is
// built and served without a restart — the terminal says what was rebuilt. Three changes in a row,
// as an editor makes them: each rebuild goes into the folder that was live before (dist.next,
// brought up to date in place) and is then put in place of dist. A copy of the embedded dataset,
// its own output folder and build cache, and free ports: the repository's dist/ and cache are
// never touched.
const ARTICLE_ID = 'article-a-morning-in-the-souk-en';
const ARTICLE_PATH = '/en/articles/a-morning-in-the-souk/';
/** Pages that list the article in the embedded dataset: its author's, and one it is related to. */
const AUTHOR_PATH = '/en/authors/camille-roux/';
const RELATED_PATH = '/en/articles/paris-on-foot/';

let scratch: string;
let npm: ChildProcess | undefined;
let output = '';
let servedAt = '';

async function waitFor(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (!(await check())) {
    if (npm?.exitCode !== null)
      throw new Error(`npm start ended while waiting for ${what}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within 180 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Rewrites the dataset's documents through `change` (one JSON document per line). */
async function editDataset(
  change: (documents: Record<string, unknown>[]) => Record<string, unknown>[],
) {
  const file = join(scratch, 'dataset', 'data.ndjson');
  const documents = (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  await writeFile(
    file,
    `${change(documents)
      .map((document) => JSON.stringify(document))
      .join('\n')}\n`,
  );
}

function retitle(title: string) {
  return (documents: Record<string, unknown>[]) =>
    documents.map((document) =>
      document['_id'] === ARTICLE_ID ? { ...document, title } : document,
    );
}

const rebuilds = () => output.match(/Rebuilt in [\d.]+ s/g)?.length ?? 0;

async function page(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${servedAt}${path}`);
  return { status: response.status, text: await response.text() };
}

describe('publishing while npm start runs', () => {
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'publish-while-running-'));
    await cp(defaultDatasetDir, join(scratch, 'dataset'), { recursive: true });
    const [api, mailbox, database, web, oidc, samlIdp] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    servedAt = `http://127.0.0.1:${String(web)}`;
    npm = spawn('npm', ['start', '--', '--dist', join(scratch, 'site')], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, as a terminal runs it: stopped as a whole at the end.
      detached: true,
      env: {
        ...process.env,
        CONTENT_DATASET_DIR: join(scratch, 'dataset'),
        BUILD_CACHE_DIR: join(scratch, 'cache'),
        SUPABASE_LOCAL_DATA_DIR: 'memory',
        SUPABASE_LOCAL_PORT: String(api),
        SUPABASE_LOCAL_MAILBOX_PORT: String(mailbox),
        SUPABASE_LOCAL_DB_PORT: String(database),
        SUPABASE_LOCAL_OIDC_PORT: String(oidc),
        SUPABASE_LOCAL_SAML_IDP_PORT: String(samlIdp),
        PORT: String(web),
      },
    });
    npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor('the site', () => output.includes('(the site is built again on a change)'));
  }, 300_000);

  afterAll(async () => {
    if (npm?.pid !== undefined && npm.exitCode === null) {
      const exited = new Promise((resolve) => npm?.once('exit', resolve));
      process.kill(-npm.pid, 'SIGTERM');
      await exited;
    }
    await rm(scratch, { recursive: true, force: true });
  }, 60_000);

  test('serves an edited, edited again and removed article without a restart, and says what it rebuilt', async () => {
    expect((await page(ARTICLE_PATH)).text).toContain('A morning in the souk');

    await editDataset(retitle('A morning in the souk, corrected'));
    await waitFor('the first rebuild', () => rebuilds() === 1);
    expect(output).toMatch(/Content changed \(data\.ndjson\): building the site/);
    expect(output).toMatch(
      /Rebuilt in [\d.]+ s: [\d,]+ pages rendered, [\d,]+ reused from the cache/,
    );
    const first = await page(ARTICLE_PATH);
    expect(first.status).toBe(200);
    expect(first.text).toContain('A morning in the souk, corrected');
    // The pages that list it follow: its author's, and a related article's.
    expect((await page(AUTHOR_PATH)).text).toContain('A morning in the souk, corrected');
    expect((await page(RELATED_PATH)).text).toContain('A morning in the souk, corrected');

    // The second change is built into the folder that was live before the first one.
    await editDataset(retitle('A morning in the souk, second edition'));
    await waitFor('the second rebuild', () => rebuilds() === 2);
    const second = await page(ARTICLE_PATH);
    expect(second.text).toContain('A morning in the souk, second edition');
    expect(second.text).not.toContain('A morning in the souk, corrected');

    // The English translation deleted, as the Studio deletes one (the document, and its entry in the
    // translation group): its page and its list entry are gone.
    await editDataset((documents) =>
      documents
        .filter((document) => document['_id'] !== ARTICLE_ID)
        .map((document) =>
          document['_type'] === 'translation.metadata' && Array.isArray(document['translations'])
            ? {
                ...document,
                translations: (
                  document['translations'] as { _key: string; value: { _ref: string } }[]
                ).filter((entry) => entry.value._ref !== ARTICLE_ID),
              }
            : document,
        ),
    );
    await waitFor('the third rebuild', () => rebuilds() === 3);
    expect((await page(ARTICLE_PATH)).status).toBe(404);
    expect((await page(AUTHOR_PATH)).text).not.toContain('A morning in the souk');
    expect((await page(RELATED_PATH)).text).not.toContain('A morning in the souk');
    // The other languages' copies stay.
    expect((await page('/de/articles/ein-morgen-im-souk/')).status).toBe(200);
  }, 600_000);
});
