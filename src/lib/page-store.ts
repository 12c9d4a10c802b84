import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';

/** Bumped when the index changes shape: an index of another format is not read. */
const FORMAT = 1;
const INDEX_FILE = 'page-store.json';
const FOLDER = 'pages';

/** What `page-store.json` holds. */
interface StoreIndex {
  format: number;
  /** Size and modification time of the build manifest written with this index. */
  manifest: string;
  /** Each page's copy: output file → [length, CRC-32 of the bytes the build wrote]. */
  pages: Record<string, [number, number]>;
}

/**
 * The incremental build's copies of its pages, as hard links to the pages it wrote.
 *
 * A build that carries a cache keeps a copy of every page it renders, so that a later build whose
 * output folder is gone (a host that keeps only the cache between builds) can restore unchanged
 * pages instead of rendering them. Astro writes each copy's bytes a second time, into a folder of
 * its own per page: at 2,000 articles another 733 MB and 10,730 folders, which made a full build
 * 13–19 % slower (bench/README.md). Here each copy is a second name for the page file just
 * written, in one flat folder (`pages/`): no bytes are written twice. Where a link cannot be made
 * (the cache on another file system), the bytes are written.
 *
 * A linked copy changes when the page file is changed in place: by the next build that renders
 * the page again (which then links it anew), by a build that failed part way, or by a tool or a
 * person editing the output folder. So the index records each page's length and CRC-32 as the
 * build wrote it, and a copy is restored only if its bytes still match. The index is written when
 * the build completes, after the build manifest, and names the manifest it belongs to (size and
 * modification time): an index from before a failed build is not read at all.
 *
 * @example
 * const store = PageStore.open('node_modules/.astro', manifestFile, 'dist');
 * await store.keep('en/index.html', body); // after the page is written to dist/en/index.html
 * await store.finish(); // after the build manifest is written
 */
export class PageStore {
  readonly #dir: string;
  /** The copies' folder, `pages/` in the cache folder. */
  readonly #folder: string;
  readonly #manifestFile: string;
  readonly #outDir: string;
  readonly #pages: Map<string, [number, number]>;
  /** The names in the copies' folder. */
  readonly #names: Set<string>;
  /** Links being made (`keep`). */
  #linking: Promise<unknown>[] = [];

  private constructor(dir: string, manifestFile: string, outDir: string, index?: StoreIndex) {
    this.#dir = dir;
    this.#manifestFile = manifestFile;
    this.#outDir = outDir;
    this.#pages = new Map(Object.entries(index?.pages ?? {}));
    this.#folder = join(dir, FOLDER);
    mkdirSync(this.#folder, { recursive: true });
    this.#names = new Set(readdirSync(this.#folder));
    // A replacement a stopped build left half made: `keep` must find its name free.
    for (const name of this.#names) {
      if (name.endsWith('.new')) {
        rmSync(join(this.#folder, name), { force: true });
        this.#names.delete(name);
      }
    }
  }

  /**
   * The copies in the cache folder `dir` for pages written to `outDir`: those of the last
   * completed build, or none when its index is missing or belongs to another build manifest than
   * the one now in `manifestFile`.
   */
  static open(dir: string, manifestFile: string, outDir: string): PageStore {
    // Astro's own copies, a folder per page, from a cache written without this store.
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    return new PageStore(dir, manifestFile, outDir, readIndex(dir, manifestFile));
  }

  /** Forgets every copy: this build has no earlier build to restore from. */
  clear(): void {
    this.#pages.clear();
  }

  /**
   * Keeps `body`, just written to `file` in the output folder, as that page's copy. The link is
   * made while the build goes on (the page file is written once per build): `finish` waits for it.
   */
  keep(file: string, body: Uint8Array | string): Promise<void> {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    this.#pages.set(file, [bytes.byteLength, crc32(bytes)]);
    const name = copyName(file);
    const copy = join(this.#folder, name);
    // A copy kept before is replaced by a rename, never written through: it may be a page file.
    const replaces = this.#names.has(name);
    this.#names.add(name);
    const made = replaces ? `${copy}.new` : copy;
    this.#linking.push(
      link(join(this.#outDir, file), made)
        .catch(() => writeFile(made, bytes))
        .then(() => (replaces ? rename(made, copy) : undefined)),
    );
    return Promise.resolve();
  }

  /**
   * Puts the copy of `file` back at `destination` (where no file is), if there is one and it
   * still holds the bytes the build wrote; resolves with whether it did.
   */
  async restore(file: string, destination: URL): Promise<boolean> {
    const entry = this.#pages.get(file);
    if (entry === undefined) return false;
    const copy = this.#copyOf(file);
    const bytes = await readFile(copy).catch(() => undefined);
    if (bytes === undefined || bytes.byteLength !== entry[0] || crc32(bytes) !== entry[1]) {
      this.#pages.delete(file);
      return false;
    }
    await mkdir(new URL('./', destination), { recursive: true });
    await link(copy, destination).catch(() => writeFile(destination, bytes));
    return true;
  }

  /** Drops the copy of `file`: its page is gone. */
  drop(file: string): void {
    this.#pages.delete(file);
  }

  /**
   * Records the copies as the completed build's: writes the index naming the build manifest now
   * on disk, then removes the copies of pages that are gone. Called after Astro has written its
   * manifest.
   */
  async finish(): Promise<void> {
    await Promise.all(this.#linking);
    this.#linking = [];
    const index: StoreIndex = {
      format: FORMAT,
      manifest: manifestStamp(this.#manifestFile) ?? '',
      pages: Object.fromEntries(this.#pages),
    };
    const indexFile = join(this.#dir, INDEX_FILE);
    writeFileSync(`${indexFile}.tmp`, JSON.stringify(index));
    renameSync(`${indexFile}.tmp`, indexFile);
    const kept = new Set([...this.#pages.keys()].map(copyName));
    const gone = [...this.#names].filter((name) => !kept.has(name));
    await Promise.all(gone.map((name) => unlink(join(this.#folder, name)).catch(ignoreMissing)));
    for (const name of gone) this.#names.delete(name);
  }

  #copyOf(file: string): string {
    return join(this.#folder, copyName(file));
  }
}

/** A page's copy is named by a hash of its path: one flat folder, names of one length. */
function copyName(file: string): string {
  return createHash('sha256').update(file).digest('hex').slice(0, 32);
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}

/** The index of the last completed build, if it belongs to the build manifest on disk. */
function readIndex(dir: string, manifestFile: string): StoreIndex | undefined {
  let index: StoreIndex;
  try {
    index = JSON.parse(readFileSync(join(dir, INDEX_FILE), 'utf8')) as StoreIndex;
  } catch {
    return undefined;
  }
  if (index.format !== FORMAT || typeof index.pages !== 'object') return undefined;
  if (index.manifest === '' || index.manifest !== manifestStamp(manifestFile)) return undefined;
  return index;
}

function manifestStamp(file: string): string | undefined {
  const stats = statSync(file, { bigint: true, throwIfNoEntry: false });
  return stats && `${stats.size}:${stats.mtimeNs}`;
}
