// Object bytes on disk: `<data dir>/storage/<bucket>/<version>`. Each upload writes a new version file
// before its row commits and the row names the version, so a failed or concurrent upload never
// overwrites the bytes a committed row points to.
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

export interface StoredFile {
  size: number;
  body: ReadableStream<Uint8Array>;
}

export class FileStore {
  readonly root: string;
  readonly #temporary: boolean;

  private constructor(root: string, temporary: boolean) {
    this.root = root;
    this.#temporary = temporary;
  }

  /** Files under `<dataDir>/storage`, or a temporary directory (removed on close) for in-memory runs. */
  static async open(dataDir: string | null): Promise<FileStore> {
    if (dataDir === null) {
      return new FileStore(await mkdtemp(join(tmpdir(), 'local-storage-')), true);
    }
    const root = join(dataDir, 'storage');
    await mkdir(root, { recursive: true });
    return new FileStore(root, false);
  }

  #path(bucket: string, version: string): string {
    // Versions are UUIDs we generate and bucket names exclude '/', so the path stays inside root.
    return join(this.root, encodeURIComponent(bucket), version);
  }

  async write(bucket: string, version: string, bytes: Uint8Array): Promise<void> {
    await mkdir(join(this.root, encodeURIComponent(bucket)), { recursive: true });
    await writeFile(this.#path(bucket, version), bytes);
  }

  async copy(from: { bucket: string; version: string }, to: { bucket: string; version: string }) {
    await mkdir(join(this.root, encodeURIComponent(to.bucket)), { recursive: true });
    await copyFile(this.#path(from.bucket, from.version), this.#path(to.bucket, to.version));
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
    await rm(join(this.root, encodeURIComponent(bucket)), { recursive: true, force: true });
  }

  async close(): Promise<void> {
    if (this.#temporary) await rm(this.root, { recursive: true, force: true });
  }
}
