// PGlite's Node filesystem with a working fsync. Taking `-F` out of Postgres's start parameters is not
// enough on its own: PGlite runs Postgres under Emscripten, whose NODEFS has no `fsync` stream op
// (`fd_sync` then does nothing and returns success) and whose `fdatasync` is a no-op. So a commit that
// Postgres believes it synced would still sit in the OS cache. This adds the op (Node's `fsyncSync` on
// the real file descriptor); `wal_sync_method = fsync` (see worker.ts) routes WAL flushes through it.
import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type PostgresModule = Parameters<NodeFS['init']>[1];

/** The part of Emscripten's NODEFS this patch touches (PGlite types it as an opaque FileSystemType). */
interface EmscriptenNodeFs {
  stream_ops: Record<string, unknown>;
  tryFSOperation<T>(operation: () => T): T;
}

export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: PostgresModule) {
    const { emscriptenOpts } = await super.init(pg, options);
    const preRun = [
      // Before NodeFS's own preRun mounts the data directory, so every stream it opens has the op.
      (module: PostgresModule) => {
        const nodefs = module.NODEFS as unknown as EmscriptenNodeFs;
        nodefs.stream_ops['fsync'] = (stream: { nfd: number }) => {
          nodefs.tryFSOperation(() => {
            fsyncSync(stream.nfd);
          });
          return 0;
        };
      },
      ...(emscriptenOpts.preRun ?? []),
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}
