// PGlite's Node filesystem, with two additions:
//
// - A working fsync (durable mode). Taking `-F` out of Postgres's start parameters is not enough on its
//   own: PGlite runs Postgres under Emscripten, whose NODEFS has no `fsync` stream op (`fd_sync` then
//   does nothing and returns success) and whose `fdatasync` is a no-op, so a commit Postgres believes
//   it synced would still sit in the OS cache. This adds the op (Node's `fsyncSync` on the real file
//   descriptor); `wal_sync_method = fsync` (worker.ts) routes WAL flushes through it.
// - A full-disk test seam: while `diskFull` is set, a write that would grow a file outside `pg_wal`
//   fails with ENOSPC, as on a full disk (Postgres reports 53100 when a table needs a new page).
//   WAL segments are allocated whole in advance, so writes into them are spared, as on a real disk.
import { fstatSync, fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type PostgresModule = Parameters<NodeFS['init']>[1];

interface Stream {
  nfd: number;
  path?: string;
}

/** The part of Emscripten's NODEFS this patches (PGlite types it as an opaque FileSystemType). */
interface EmscriptenNodeFs {
  stream_ops: Record<string, unknown>;
  tryFSOperation<T>(operation: () => T): T;
}

/**
 * PGlite starts Postgres with `-F` (fsync off). Durable mode drops it and sends WAL flushes through
 * fsync(), the one sync call LocalNodeFS makes real (Emscripten's fdatasync is a no-op).
 */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    '-c',
    'wal_sync_method=fsync',
  ];
}

/** Flipped by the worker's `disk-full` command (tests only). */
export const diskFaults = { full: false };

function noSpace(): Error {
  return Object.assign(new Error('ENOSPC: no space left on device (simulated)'), {
    code: 'ENOSPC',
  });
}

export class LocalNodeFS extends NodeFS {
  readonly #durable: boolean;

  constructor(dataDir: string, options: { durable: boolean }) {
    super(dataDir);
    this.#durable = options.durable;
  }

  override async init(pg: PGlite, options: PostgresModule) {
    const { emscriptenOpts } = await super.init(pg, options);
    const durable = this.#durable;
    const preRun = [
      // Before NodeFS's own preRun mounts the data directory, so every stream it opens has the ops.
      (module: PostgresModule) => {
        const nodefs = module.NODEFS as unknown as EmscriptenNodeFs;
        const ops = nodefs.stream_ops as {
          write: (stream: Stream, ...rest: number[] | unknown[]) => number;
        } & Record<string, unknown>;
        if (durable) {
          ops['fsync'] = (stream: Stream) => {
            nodefs.tryFSOperation(() => {
              fsyncSync(stream.nfd);
            });
            return 0;
          };
        }
        const write = ops.write;
        ops.write = (stream: Stream, ...rest: unknown[]) => {
          if (diskFaults.full && !stream.path?.includes('/pg_wal/')) {
            const [, , length, position] = rest as [unknown, number, number, number | undefined];
            const end = (position ?? 0) + length;
            if (end > fstatSync(stream.nfd).size) {
              nodefs.tryFSOperation(() => {
                throw noSpace();
              });
            }
          }
          return write(stream, ...(rest as number[]));
        };
      },
      ...(emscriptenOpts.preRun ?? []),
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}
