// Object bytes on disk: `<data dir>/storage/<bucket>/<version>`. Each upload writes a new version file
// before its row commits and the row names the version, so a failed or concurrent upload never
// overwrites the bytes a committed row points to. A version file appears under its name only whole:
// the bytes go to `<version>.part`, are synced (durable mode), renamed, and the directory synced, so
// a crash can leave a file without a row (swept at the next start) but never a row without its bytes.
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';

export interface StoredFile {
  size: number;
  body: ReadableStream<Uint8Array>;
}

export interface FileStoreOptions {
  /** Sync each file and its directory before the write resolves (persistent data directories). */
  durable?: boolean;
}

/** A version file as the sweep sees it: which bucket and version it belongs to. */
export interface FileEntry {
  bucket: string;
  version: string;
}

const PART = '.part';

function noSpace(): Error {
  return Object.assign(new Error('ENOSPC: no space left on device (simulated)'), {
    code: 'ENOSPC',
  });
}

export class FileStore {
  readonly root: string;
  readonly #temporary: boolean;
  readonly #durable: boolean;
  /** Versions being written now (`bucket/version` → holders): the sweep leaves them alone. */
  readonly #held = new Map<string, number>();
  /** Test seam: while set, every new file fails with ENOSPC, as on a full disk. */
  simulateDiskFull = false;

  private constructor(root: string, temporary: boolean, durable: boolean) {
    this.root = root;
    this.#temporary = temporary;
    this.#durable = durable;
  }

  /** Files under `<dataDir>/storage`, or a temporary directory (removed on close) for in-memory runs. */
  static async open(dataDir: string | null, options: FileStoreOptions = {}): Promise<FileStore> {
    if (dataDir === null) {
      return new FileStore(resolve(await mkdtemp(join(tmpdir(), 'local-storage-'))), true, false);
    }
    const root = resolve(dataDir, 'storage');
    await mkdir(root, { recursive: true });
    return new FileStore(root, false, options.durable ?? false);
  }

  /**
   * A bucket's directory. Bucket names are validated by the routes, but a name that reaches this far
   * from a row (or a future caller) must still not leave the root: `..` or `.` is refused here too.
   */
  #dir(bucket: string): string {
    const dir = resolve(this.root, encodeURIComponent(bucket));
    if (!dir.startsWith(this.root + sep) || dir.slice(this.root.length + 1).includes(sep)) {
      throw new Error(`bucket directory outside the storage root: ${JSON.stringify(bucket)}`);
    }
    return dir;
  }

  #path(bucket: string, version: string): string {
    // Versions are UUIDs we generate; anything else in a row is refused rather than joined.
    if (!/^[0-9a-f-]{36}$/i.test(version)) {
      throw new Error(`not an object version: ${JSON.stringify(version)}`);
    }
    return join(this.#dir(bucket), version);
  }

  async #syncDir(dir: string): Promise<void> {
    if (!this.#durable) return;
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Writes `<version>.part` with `fill`, syncs it, then renames it to `<version>` and syncs the dir. */
  async #writeWhole(
    bucket: string,
    version: string,
    fill: (partPath: string) => Promise<void>,
  ): Promise<void> {
    const release = this.hold(bucket, version);
    const dir = this.#dir(bucket);
    const part = this.#path(bucket, version) + PART;
    try {
      await mkdir(dir, { recursive: true });
      if (this.simulateDiskFull) throw noSpace();
      await fill(part);
      if (this.#durable) {
        const handle = await open(part, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      }
      await rename(part, this.#path(bucket, version));
      await this.#syncDir(dir);
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    } finally {
      release();
    }
  }

  async write(bucket: string, version: string, bytes: Uint8Array): Promise<void> {
    await this.#writeWhole(bucket, version, async (part) => {
      const handle = await open(part, 'w');
      try {
        await handle.writeFile(bytes);
      } finally {
        await handle.close();
      }
    });
  }

  /** Copies a file from outside the store (a finished resumable upload) into a version file. */
  async writeFromFile(bucket: string, version: string, sourcePath: string): Promise<void> {
    await this.#writeWhole(bucket, version, (part) => copyFile(sourcePath, part));
  }

  async copy(from: FileEntry, to: FileEntry): Promise<void> {
    await this.#writeWhole(to.bucket, to.version, (part) =>
      copyFile(this.#path(from.bucket, from.version), part),
    );
  }

  /** The file's bytes as a web stream, or null when it is missing on disk. */
  async read(bucket: string, version: string): Promise<StoredFile | null> {
    const path = this.#path(bucket, version);
    try {
      const { size } = await stat(path);
      return { size, body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array> };
    } catch {
      return null;
    }
  }

  async remove(bucket: string, version: string | null): Promise<void> {
    if (version) await rm(this.#path(bucket, version), { force: true });
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(this.#dir(bucket), { recursive: true, force: true });
  }

  /**
   * Marks a version as being written until the returned function is called: a writer holds it from
   * before its file appears until its row has committed (or failed), so the sweep leaves it alone.
   */
  hold(bucket: string, version: string): () => void {
    const key = `${bucket}/${version}`;
    this.#held.set(key, (this.#held.get(key) ?? 0) + 1);
    return () => {
      const count = (this.#held.get(key) ?? 1) - 1;
      if (count > 0) this.#held.set(key, count);
      else this.#held.delete(key);
    };
  }

  /**
   * Removes every file no row names: version files whose row never committed and `.part` files of
   * writes a crash cut short. The directory is listed first and `loadKnown` (storage.objects) read
   * after, so a row committed meanwhile is seen; held versions (writes in progress) are skipped.
   * Returns how many files were removed.
   */
  async sweep(loadKnown: () => Promise<(entry: FileEntry) => boolean>): Promise<number> {
    const listed: { path: string; entry: FileEntry; part: boolean }[] = [];
    for (const dirent of await readdir(this.root, { withFileTypes: true })) {
      if (!dirent.isDirectory()) continue;
      const bucket = decodeURIComponent(dirent.name);
      for (const name of await readdir(join(this.root, dirent.name))) {
        const part = name.endsWith(PART);
        const version = part ? name.slice(0, -PART.length) : name;
        listed.push({ path: join(this.root, dirent.name, name), entry: { bucket, version }, part });
      }
    }
    const isKnown = await loadKnown();
    let removed = 0;
    for (const { path, entry, part } of listed) {
      if (this.#held.has(`${entry.bucket}/${entry.version}`)) continue;
      if (!part && isKnown(entry)) continue;
      await rm(path, { force: true });
      removed++;
    }
    return removed;
  }

  async close(): Promise<void> {
    if (this.#temporary) await rm(this.root, { recursive: true, force: true });
  }
}
