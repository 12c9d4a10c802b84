// Checks a data directory before PGlite opens it, so that a directory the server cannot use stops the
// start with one line naming it and the cause, instead of "PGlite failed to initialize properly" or
// "Aborted()" from inside the WebAssembly.
import { mkdir, readFile, rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The Postgres major version of the bundled PGlite (0.5.x); a data directory must match it. */
export const POSTGRES_MAJOR = '18';

/**
 * Below this much free space a start is refused: opening replays the WAL and may write a checkpoint,
 * and initdb alone writes about 40 MB.
 */
export const MIN_FREE_BYTES = 64 * 2 ** 20;

export class DataDirError extends Error {
  constructor(dir: string, cause: string) {
    super(`Cannot use the data directory ${dir}: ${cause}`);
    this.name = 'DataDirError';
  }
}

/** The filesystem calls the check makes (a seam: tests stand in a full or read-only disk). */
export interface DiskOps {
  mkdir(path: string): Promise<unknown>;
  writeProbe(path: string): Promise<void>;
  freeBytes(path: string): Promise<number>;
  readText(path: string): Promise<string | null>;
}

export const nodeDiskOps: DiskOps = {
  mkdir: (path) => mkdir(path, { recursive: true }),
  async writeProbe(dir) {
    const probe = join(dir, `.write-check-${process.pid}`);
    try {
      await writeFile(probe, new Uint8Array(4096));
    } finally {
      await rm(probe, { force: true });
    }
  },
  async freeBytes(path) {
    const stats = await statfs(path);
    return stats.bavail * stats.bsize;
  },
  readText: (path) => readFile(path, 'utf8').catch(() => null),
};

const CAUSES: Record<string, string> = {
  EACCES: 'permission denied (this user may not write there)',
  EPERM: 'permission denied (this user may not write there)',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'it (or a parent) is a file, not a directory',
  EEXIST: 'it (or a parent) is a file, not a directory',
};

function describe(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  const cause = code ? CAUSES[code] : undefined;
  return cause ? `${cause} (${code})` : error instanceof Error ? error.message : String(error);
}

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

/**
 * Throws a DataDirError when `dataDir` cannot hold the database: not creatable or writable (read-only,
 * permissions), too little free space, or a `pgdata` made by another Postgres major version.
 */
export async function checkDataDir(dataDir: string, ops: DiskOps = nodeDiskOps): Promise<void> {
  try {
    await ops.mkdir(dataDir);
    await ops.writeProbe(dataDir);
  } catch (error) {
    throw new DataDirError(dataDir, describe(error));
  }
  const pgdata = join(dataDir, 'pgdata');
  const version = (await ops.readText(join(pgdata, 'PG_VERSION')))?.trim();
  if (version) {
    if (version !== POSTGRES_MAJOR) {
      throw new DataDirError(
        pgdata,
        `it was created by Postgres ${version} and this backend runs Postgres ${POSTGRES_MAJOR} ` +
          `(an older or newer PGlite); dump it with the version that made it, or move it away to start fresh`,
      );
    }
    try {
      await ops.writeProbe(pgdata);
    } catch (error) {
      throw new DataDirError(pgdata, describe(error));
    }
  }
  const free = await ops.freeBytes(dataDir);
  if (free < MIN_FREE_BYTES) {
    throw new DataDirError(
      dataDir,
      `the disk is full (${mb(free)} free, at least ${mb(MIN_FREE_BYTES)} needed to start)`,
    );
  }
}
