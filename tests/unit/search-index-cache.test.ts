/**
 * The search index is made one locale folder at a time and, with the build cache, a folder whose
 * searchable pages did not change keeps its index (src/lib/search-index.ts). Whatever was kept,
 * `pagefind/` must be byte for byte what one Pagefind run over the whole site writes.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createIndex } from 'pagefind';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filesUnder } from '../../src/lib/files-under';
import { searchableFiles, updateSearchIndex } from '../../src/lib/search-index';

let site: string;
let record: string;

/** A built page: searchable (`<main data-pagefind-body>`) unless it is a fallback. */
function writePage(file: string, lang: string, text: string, searchable = true): void {
  const path = join(site, file);
  mkdirSync(dirname(path), { recursive: true });
  const main = searchable ? '<main data-pagefind-body>' : '<main>';
  writeFileSync(
    path,
    `<!doctype html><html lang="${lang}"><head><title>${text}</title></head><body><nav>Menu</nav>${main}<h1>${text}</h1><p>${text} ${text}</p></main></body></html>`,
  );
}

/** The files one Pagefind run over every searchable file writes, by path. */
async function oneRun(): Promise<Record<string, string>> {
  const { index } = await createIndex();
  if (!index) throw new Error('Pagefind did not start');
  await index.addDirectory({ path: site, glob: searchableFiles });
  const { files } = await index.getFiles();
  await index.deleteIndex();
  return Object.fromEntries(
    files.map(({ path, content }) => [path, Buffer.from(content).toString('base64')]),
  );
}

/** What `pagefind/` holds, by path. */
function written(): Record<string, string> {
  const folder = join(site, 'pagefind');
  return Object.fromEntries(
    filesUnder(folder).map((path) => [path, readFileSync(join(folder, path)).toString('base64')]),
  );
}

beforeEach(() => {
  site = mkdtempSync(join(tmpdir(), 'search-index-'));
  record = `${site}-record.json`;
  writePage('en/articles/harbour/index.html', 'en', 'The harbour at dawn');
  writePage('en/about/index.html', 'en', 'About the press');
  writePage('de/articles/hafen/index.html', 'de', 'Der Hafen im Morgengrauen');
  writePage('de/articles/market/index.html', 'de', 'The market', false);
  writePage('fr/articles/port/index.html', 'fr', 'Le port à l’aube');
  // Not a searchable file: Pagefind never reads it.
  writePage('en/authors/camille/index.html', 'en', 'Camille Roux');
});

afterEach(() => {
  rmSync(site, { recursive: true, force: true });
  rmSync(record, { force: true });
});

describe('the search index, one locale at a time', () => {
  it('writes what one Pagefind run over the whole site writes, and says it indexed every locale', async () => {
    const log = await updateSearchIndex(site, record);
    expect(log).toContain('Pagefind indexes every locale: no record of an earlier index');
    expect(log).toContain('Pagefind indexed de (1 page), en (2 pages), fr (1 page)');
    expect(written()).toEqual(await oneRun());
  });

  it('indexes again only the locale whose searchable pages changed', async () => {
    await updateSearchIndex(site, record);
    writePage('de/articles/hafen/index.html', 'de', 'Der Hafen am Abend');
    const log = await updateSearchIndex(site, record);
    expect(log[0]).toBe('Pagefind indexed de (1 page); en, fr unchanged');
    expect(written()).toEqual(await oneRun());
    expect(JSON.stringify(written())).not.toContain(Buffer.from('Morgengrauen').toString('base64'));
  });

  it('indexes nothing when pages were written again with the same content, or only a fallback changed', async () => {
    await updateSearchIndex(site, record);
    const before = written();
    const later = new Date(Date.now() + 5000);
    utimesSync(join(site, 'en/about/index.html'), later, later);
    writePage('de/articles/market/index.html', 'de', 'The market, corrected', false);
    const log = await updateSearchIndex(site, record);
    expect(log[0]).toBe('Pagefind indexed no locale; de, en, fr unchanged');
    expect(written()).toEqual(before);
  });

  it('a new locale, a locale whose last searchable page is gone, a deleted page', async () => {
    await updateSearchIndex(site, record);
    writePage('ar/articles/mina/index.html', 'ar', 'الميناء عند الفجر');
    rmSync(join(site, 'fr'), { recursive: true });
    rmSync(join(site, 'en/about'), { recursive: true });
    const log = await updateSearchIndex(site, record);
    expect(log[0]).toBe('Pagefind indexed ar (1 page), en (1 page); de unchanged');
    expect(written()).toEqual(await oneRun());
    const entry = JSON.parse(readFileSync(join(site, 'pagefind/pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, unknown>;
    };
    expect(Object.keys(entry.languages)).toEqual(['ar', 'de', 'en']);
  });

  it('indexes a locale again when its index files are gone, though its pages are unchanged', async () => {
    await updateSearchIndex(site, record);
    rmSync(join(site, 'pagefind'), { recursive: true });
    const log = await updateSearchIndex(site, record);
    expect(log[0]).toBe('Pagefind indexed de (1 page), en (2 pages), fr (1 page)');
    expect(written()).toEqual(await oneRun());
  });

  it('a corrupt record, or none (BUILD_CACHE=off): every locale is indexed', async () => {
    await updateSearchIndex(site, record);
    writeFileSync(record, '{"format":1,');
    const log = await updateSearchIndex(site, record);
    expect(log[0]).toBe('Pagefind indexes every locale: its record is corrupt');
    expect(log[1]).toBe('Pagefind indexed de (1 page), en (2 pages), fr (1 page)');
    const withoutRecord = await updateSearchIndex(site);
    expect(withoutRecord[0]).toBe('Pagefind indexed de (1 page), en (2 pages), fr (1 page)');
    expect(written()).toEqual(await oneRun());
  });

  it('refuses pages of one language searchable under two locale folders, naming them', async () => {
    writePage('de/articles/harbour/index.html', 'en', 'The harbour, in English under /de/');
    await expect(updateSearchIndex(site, record)).rejects.toThrow(
      'Pages in "en" are searchable under both /de/ and /en/',
    );
  });
});
