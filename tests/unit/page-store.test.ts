/**
 * The incremental build's copies of its pages (src/lib/page-store.ts) are links to the pages it
 * wrote. A later build whose output folder is gone restores unchanged pages from them, but only
 * copies that still hold what the completed build wrote: never one changed in place since, and
 * none at all after a build that failed part way.
 */
import {
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageStore } from '../../src/lib/page-store';

let work: string;
let cache: string;
let site: string;
let manifest: string;

const PAGE = 'en/articles/a-morning-in-the-souk/index.html';
const BODY = '<!doctype html><title>A morning in the souk</title>';

/** Writes a page to the output folder, as Astro does before it keeps its copy. */
function writePage(file: string, body: string): void {
  mkdirSync(dirname(join(site, file)), { recursive: true });
  writeFileSync(join(site, file), body);
}

/** A build that renders `pages` and completes: pages written, copies kept, manifest, index. */
async function build(pages: Record<string, string>, keepFrom = cache): Promise<PageStore> {
  const store = PageStore.open(keepFrom, manifest, site);
  for (const [file, body] of Object.entries(pages)) {
    writePage(file, body);
    await store.keep(file, body);
  }
  writeFileSync(manifest, JSON.stringify({ pages: Object.keys(pages), at: Date.now() }));
  await store.finish();
  return store;
}

/** Restores `file` into an empty output folder with a store opened as the next build opens it. */
async function restoreIntoEmptyFolder(file: string): Promise<string | undefined> {
  rmSync(site, { recursive: true, force: true });
  const store = PageStore.open(cache, manifest, site);
  const restored = await store.restore(file, pathToFileURL(join(site, file)));
  return restored ? readFileSync(join(site, file), 'utf8') : undefined;
}

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'page-store-'));
  cache = join(work, 'cache');
  site = join(work, 'site');
  manifest = join(cache, 'incremental-build.json');
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the copies of the pages a build wrote', () => {
  it('restores a page into an output folder that is gone, byte for byte', async () => {
    await build({ [PAGE]: BODY, 'de/index.html': '<!doctype html><title>Startseite</title>' });
    expect(await restoreIntoEmptyFolder(PAGE)).toBe(BODY);
  });

  it('keeps a copy without writing the page a second time: it is the page file itself', async () => {
    await build({ [PAGE]: BODY });
    const [copy = ''] = readdirSync(join(cache, 'pages'));
    expect(statSync(join(cache, 'pages', copy)).ino).toBe(statSync(join(site, PAGE)).ino);
  });

  it('writes the bytes when the page file cannot be linked', async () => {
    const store = PageStore.open(cache, manifest, site);
    // No page file to link to: as with the cache on another file system, the bytes are written.
    await store.keep(PAGE, BODY);
    writeFileSync(manifest, '{}');
    await store.finish();
    expect(await restoreIntoEmptyFolder(PAGE)).toBe(BODY);
  });

  it('does not restore a page that was changed in place after the build', async () => {
    await build({ [PAGE]: BODY, 'de/index.html': 'Startseite' });
    // A tool rewriting the output folder (same file, new bytes) changes the linked copy too.
    writeFileSync(join(site, PAGE), '<!doctype html><title>Minified by hand</title>');
    expect(await restoreIntoEmptyFolder(PAGE)).toBeUndefined();
    expect(await restoreIntoEmptyFolder('de/index.html')).toBe('Startseite');
  });

  it('restores nothing after a build that failed part way through', async () => {
    await build({ [PAGE]: BODY });
    // The next build writes its manifest, then dies before its copies are recorded.
    writeFileSync(manifest, JSON.stringify({ pages: [PAGE], another: 'build' }));
    expect(await restoreIntoEmptyFolder(PAGE)).toBeUndefined();
  });

  it('restores a page rendered again by a later build as that build wrote it', async () => {
    await build({ [PAGE]: BODY });
    await build({ [PAGE]: '<!doctype html><title>A morning in the souk, edited</title>' });
    expect(await restoreIntoEmptyFolder(PAGE)).toContain('edited');
  });

  it('replaces a copy as a new build wrote it when a stopped build left its replacement half made', async () => {
    await build({ [PAGE]: BODY });
    const [copy = ''] = readdirSync(join(cache, 'pages'));
    // A build that died between linking the new copy and putting it in place: a stale link.
    writeFileSync(join(site, 'stale.html'), 'the stopped build');
    linkSync(join(site, 'stale.html'), join(cache, 'pages', `${copy}.new`));
    rmSync(join(site, PAGE)); // no page file to link to: the bytes are written
    const store = PageStore.open(cache, manifest, site);
    await store.keep(PAGE, '<!doctype html><title>Rendered again</title>');
    writeFileSync(manifest, JSON.stringify({ pages: [PAGE] }));
    await store.finish();
    expect(readFileSync(join(site, 'stale.html'), 'utf8')).toBe('the stopped build');
    expect(await restoreIntoEmptyFolder(PAGE)).toContain('Rendered again');
  });

  it('forgets the copies of pages that are gone, and every copy when told to', async () => {
    await build({ [PAGE]: BODY, 'de/index.html': 'Startseite', 'fr/index.html': 'Accueil' });
    const store = PageStore.open(cache, manifest, site);
    store.drop('de/index.html');
    writeFileSync(manifest, JSON.stringify({ pages: [PAGE, 'fr/index.html'] }));
    await store.finish();
    expect(readdirSync(join(cache, 'pages'))).toHaveLength(2);
    expect(await restoreIntoEmptyFolder('de/index.html')).toBeUndefined();
    expect(await restoreIntoEmptyFolder('fr/index.html')).toBe('Accueil');

    const cleared = PageStore.open(cache, manifest, site);
    cleared.clear();
    expect(await cleared.restore(PAGE, pathToFileURL(join(site, PAGE)))).toBe(false);
  });

  it("removes Astro's own copies, a folder per page, from a cache written before the store", async () => {
    mkdirSync(join(cache, 'dist', 'en'), { recursive: true });
    writeFileSync(join(cache, 'dist', 'en', 'index.html'), 'old copy');
    await build({ [PAGE]: BODY });
    expect(readdirSync(cache).sort()).toEqual([
      'incremental-build.json',
      'page-store.json',
      'pages',
    ]);
  });
});
