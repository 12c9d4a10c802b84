import { createHash } from 'node:crypto';
import {
  existsSync,
  globSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { findPackageJSON } from 'node:module';
import { dirname, join } from 'node:path';
import { createIndex, type IndexFile } from 'pagefind';
import { filesUnder } from './files-under';

/**
 * The built files that can hold a searchable page (`data-pagefind-body`, `route.searchable`):
 * articles, `/{l}/articles/{slug}/`, and static pages, `/{l}/{slug}/`. Pagefind reads only these
 * instead of every page of the build: lists, categories, authors, and the search, account and
 * e-mail link pages are never indexed. Fallback articles still match (their path is an
 * article's); Pagefind skips them by their missing `data-pagefind-body`.
 * `tests/unit/search-index.test.ts` checks that every searchable route matches.
 */
export const searchableFiles = '*/{articles/*,*}/index.html';

const searchableMark = 'data-pagefind-body';
const entryFile = 'pagefind-entry.json';
/** Bumped when what the record holds, or how it is read, changes. */
const recordFormat = 1;

/** One language's line in pagefind-entry.json. */
interface LanguageIndex {
  hash: string;
  wasm: string;
  page_count: number;
}

/** pagefind-entry.json, which the search page reads first. */
interface Entry {
  version: string;
  languages: Record<string, LanguageIndex>;
  include_characters: string[];
}

/** A locale folder's part of the index, as the last build that indexed it wrote it. */
interface LocaleIndex {
  /** A hash of the folder's searchable pages: their paths and content. */
  key: string;
  /** The files under `pagefind/` its index is made of (Pagefind's own scripts included). */
  files: string[];
  /** Its lines in pagefind-entry.json (one language, as `<html lang>` says). */
  languages: Record<string, LanguageIndex>;
}

/** What the search index keeps in the build cache between builds. */
interface SearchIndexRecord {
  format: number;
  pagefind: string;
  /** pagefind-entry.json without its languages. */
  entry: Omit<Entry, 'languages'>;
  /**
   * Every file Pagefind may read, as the last build saw it: while its modification time and size
   * are the same, it is not read again. `hash` is a hash of its content when it is searchable.
   */
  pages: Record<string, { mtimeNs: string; size: number; hash: string | null }>;
  locales: Record<string, LocaleIndex>;
}

/**
 * Brings `outDir/pagefind` up to date with the searchable pages under `outDir`; returns what to
 * log.
 *
 * Pagefind has no way to change an index it wrote: it reads every page again. So the index is
 * made one locale folder at a time (`/en/`, `/de/`, …; each is one `<html lang>`, and Pagefind's
 * index of one language does not depend on the others': the files are byte for byte those of one
 * run over the whole site, `tests/unit/search-index-cache.test.ts`), and with `recordFile` (the
 * build cache) a folder whose searchable pages are all unchanged keeps the index it has. Which
 * pages changed is read from their content (a page rendered again with the same content changes
 * nothing), and a page whose modification time and size are as recorded is not read again. At
 * 20,000 articles an edited English article re-indexes 20,000 pages instead of 80,000.
 *
 * The folder is brought up to date rather than written afresh: builds write into the previous
 * build's folder (in-place-output-integration.ts), and writing Pagefind's ~5,800 files of a
 * 2,000-article site took 5.8 s where most were already there. Fragments and index chunks are
 * named by a hash of their content, so one already present is left as it is; the few other files
 * are compared; files of the previous index that this one does not have are removed.
 */
export async function updateSearchIndex(outDir: string, recordFile?: string): Promise<string[]> {
  const outputPath = join(outDir, 'pagefind');
  const log: string[] = [];
  const pagefind = pagefindVersion();
  const previous = recordFile === undefined ? undefined : readRecord(recordFile, pagefind, log);
  const pages = readPages(outDir, previous?.pages ?? {});
  const folders = searchableByLocale(pages);
  if (folders.size === 0) {
    // No page marks its searchable text: Pagefind then indexes whole pages, all together.
    if (recordFile !== undefined) rmSync(recordFile, { force: true });
    const { files } = await runPagefind(outDir, searchableFiles);
    log.push('Pagefind indexed every page: none marks its searchable text');
    return [...log, writeOutput(outputPath, files, new Set(files.keys()))];
  }

  const locales: Record<string, LocaleIndex> = {};
  const written = new Map<string, Uint8Array>();
  let base = previous?.entry;
  const indexed: string[] = [];
  const unchanged: string[] = [];
  for (const [locale, key] of folders) {
    const kept = previous?.locales[locale];
    if (kept?.key === key && kept.files.every((file) => existsSync(join(outputPath, file)))) {
      locales[locale] = kept;
      unchanged.push(locale);
      continue;
    }
    const { files, entry } = await runPagefind(outDir, `${locale}/${searchableFiles.slice(2)}`);
    files.delete(entryFile);
    for (const [path, content] of files) written.set(path, content);
    const { languages, ...rest } = entry;
    base = rest;
    locales[locale] = { key, files: [...files.keys()], languages };
    indexed.push(`${locale} (${pageTotal(languages)})`);
  }
  // Every locale kept means a record, which has the entry's other fields.
  if (base === undefined) throw new Error('Pagefind ran for no locale and no record is there');
  written.set(entryFile, Buffer.from(JSON.stringify(composeEntry(base, locales))));
  const expected = new Set([entryFile, ...Object.values(locales).flatMap(({ files }) => files)]);
  log.push(
    `Pagefind indexed ${indexed.length > 0 ? indexed.join(', ') : 'no locale'}` +
      (unchanged.length > 0 ? `; ${unchanged.join(', ')} unchanged` : ''),
  );
  log.push(writeOutput(outputPath, written, expected));
  if (recordFile !== undefined) {
    writeRecord(recordFile, { format: recordFormat, pagefind, entry: base, pages, locales });
  }
  return log;
}

/**
 * The record of the last index, if it can be used with this version of Pagefind; otherwise why
 * not goes into `log`.
 */
function readRecord(file: string, pagefind: string, log: string[]): SearchIndexRecord | undefined {
  let record: SearchIndexRecord;
  try {
    record = JSON.parse(readFileSync(file, 'utf8')) as SearchIndexRecord;
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    log.push(
      `Pagefind indexes every locale: ${missing ? 'no record of an earlier index' : 'its record is corrupt'}`,
    );
    return undefined;
  }
  if (record.format !== recordFormat || record.pagefind !== pagefind) {
    log.push('Pagefind indexes every locale: its record is from another version');
    return undefined;
  }
  return record;
}

function writeRecord(file: string, record: SearchIndexRecord): void {
  mkdirSync(dirname(file), { recursive: true });
  // A build stopped while writing leaves the old record or none, never half of one.
  writeFileSync(`${file}.tmp`, JSON.stringify(record));
  renameSync(`${file}.tmp`, file);
}

const pagefindVersion = (): string => {
  const manifest = findPackageJSON('pagefind', import.meta.url);
  if (manifest === undefined) return 'unknown';
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
};

/** The files Pagefind may read, each with a hash of its content if it is searchable. */
function readPages(outDir: string, known: SearchIndexRecord['pages']): SearchIndexRecord['pages'] {
  const pages: SearchIndexRecord['pages'] = {};
  for (const file of globSync(searchableFiles, { cwd: outDir }).sort()) {
    const path = join(outDir, file);
    const stats = statSync(path, { bigint: true });
    const mtimeNs = String(stats.mtimeNs);
    const size = Number(stats.size);
    const seen = known[file];
    if (seen?.mtimeNs === mtimeNs && seen.size === size) {
      pages[file] = seen;
      continue;
    }
    const content = readFileSync(path);
    const hash = content.includes(searchableMark)
      ? createHash('sha256').update(content).digest('base64url')
      : null;
    pages[file] = { mtimeNs, size, hash };
  }
  return pages;
}

/** Each locale folder with searchable pages, and a hash of them (paths and content). */
function searchableByLocale(pages: SearchIndexRecord['pages']): Map<string, string> {
  const hashes = new Map<string, ReturnType<typeof createHash>>();
  for (const [file, { hash }] of Object.entries(pages)) {
    if (hash === null) continue;
    const locale = file.slice(0, file.indexOf('/'));
    let folder = hashes.get(locale);
    if (folder === undefined) hashes.set(locale, (folder = createHash('sha256')));
    folder.update(`${file}\0${hash}\0`);
  }
  return new Map([...hashes].sort().map(([locale, hash]) => [locale, hash.digest('base64url')]));
}

/** One Pagefind run over the files `glob` matches under `outDir`. */
async function runPagefind(
  outDir: string,
  glob: string,
): Promise<{ files: Map<string, Uint8Array>; entry: Entry }> {
  const { index, errors } = await createIndex();
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: outDir, glob });
  if (added.errors.length > 0) {
    throw new Error(`Pagefind could not index the site: ${added.errors.join('; ')}`);
  }
  const built = await index.getFiles();
  if (built.errors.length > 0) {
    throw new Error(`Pagefind could not write its index: ${built.errors.join('; ')}`);
  }
  await index.deleteIndex();
  const files = new Map(built.files.map(({ path, content }: IndexFile) => [path, content]));
  const entry = JSON.parse(Buffer.from(files.get(entryFile) ?? '{}').toString('utf8')) as Entry;
  return { files, entry };
}

/**
 * pagefind-entry.json of the whole site, as one Pagefind run writes it: its languages in order,
 * each from the one locale folder that has it.
 */
function composeEntry(base: Omit<Entry, 'languages'>, locales: Record<string, LocaleIndex>): Entry {
  const languages: [string, LanguageIndex][] = [];
  const from = new Map<string, string>();
  for (const [locale, index] of Object.entries(locales)) {
    for (const [language, line] of Object.entries(index.languages)) {
      const other = from.get(language);
      if (other !== undefined) {
        throw new Error(
          `Pages in "${language}" are searchable under both /${other}/ and /${locale}/: the search ` +
            'index is made one locale folder at a time, and each must hold one language',
        );
      }
      from.set(language, locale);
      languages.push([language, line]);
    }
  }
  languages.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const { version, ...rest } = base;
  return { version, languages: Object.fromEntries(languages), ...rest };
}

/** How many pages Pagefind indexed for these languages, in words: `2,003 pages`. */
function pageTotal(languages: Record<string, LanguageIndex>): string {
  const count = Object.values(languages).reduce((sum, { page_count }) => sum + page_count, 0);
  return `${count.toLocaleString('en')} ${count === 1 ? 'page' : 'pages'}`;
}

/** Writes what changed of `files` under `outputPath`, removes what `expected` lacks; says so. */
function writeOutput(
  outputPath: string,
  files: Map<string, Uint8Array>,
  expected: Set<string>,
): string {
  let written = 0;
  for (const [path, content] of files) {
    const target = join(outputPath, path);
    if (existsSync(target) && (hashNamed(path) || readFileSync(target).equals(content))) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    written++;
  }
  const stale = filesUnder(outputPath).filter((path) => !expected.has(path));
  for (const path of stale) rmSync(join(outputPath, path));
  return `Pagefind wrote index to ${outputPath} (${written} files written, ${stale.length} removed)`;
}

/** Pagefind's fragments, index chunks and metadata: their names carry a hash of their content. */
const hashNamed = (path: string): boolean =>
  /^(?:fragment|index|filter)\//.test(path) || path.endsWith('.pf_meta');
