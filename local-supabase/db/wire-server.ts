// The database port (`[db] port`, 54322 as with `supabase start`): psql, pg_dump and other Postgres
// clients reach the embedded database over the wire protocol. pglite-socket's handler frames the
// messages (startup, SSL refusal, cancel requests); the database's queue decides when they run, so a
// client's transaction never interleaves with the API's statements (WireSession).
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';
import type { Database, WireSession } from './database.ts';

export interface WireServerOptions {
  /**
   * How long a client may hold the database while doing nothing (inside a transaction it left open)
   * before the session is ended and rolled back, as Postgres' idle_in_transaction_session_timeout:
   * while it holds the database, every API request waits.
   */
  idleInTransactionMs: number;
}

export interface WireServer {
  port: number;
  /** Stops accepting; each client's statement in flight finishes, then open transactions roll back. */
  close(): Promise<void>;
}

/** A FATAL ErrorResponse, as Postgres sends before it ends a session. */
function fatal(code: string, message: string): Uint8Array {
  return wireMessage('E', Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`));
}

/** A wire-protocol message: its type byte, then its length (counting itself) and body. */
function wireMessage(type: string, body: Uint8Array): Uint8Array {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

/**
 * A simple Query whose statement is `COPY <table> [(columns)] FROM STDIN`, as psql's `\copy … from
 * stdin` and a dump's data blocks send it (comments before it allowed).
 */
const COPY_FROM_STDIN =
  /^(?:\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/)*copy\s+(?:"(?:[^"]|"")*"|\([^()]*\)|[^"'();])*?\bfrom\s+stdin\b/i;

/**
 * For a COPY … FROM STDIN Query, the CopyInResponse to answer at once: text or binary as the
 * statement asks, no per-column formats (libpq, so psql, reads only the overall format to choose how
 * to send; PGlite's own response, with the columns, comes later and is dropped). Otherwise null.
 */
function copyInResponse(query: Uint8Array): Uint8Array | null {
  if (query[0] !== 0x51) return null;
  const sql = Buffer.from(query.subarray(5, -1)).toString('utf8');
  if (!COPY_FROM_STDIN.test(sql)) return null;
  const binary = /\bbinary\b/i.test(sql.replace(COPY_FROM_STDIN, ''));
  return wireMessage('G', new Uint8Array([binary ? 1 : 0, 0, 0]));
}

/** `data` without its first CopyInResponse message (PGlite's, already answered with ours). */
function withoutCopyInResponse(data: Uint8Array): Uint8Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let at = 0; at + 5 <= data.length; at += 1 + view.getInt32(at + 1)) {
    if (data[at] === 0x47) {
      const end = at + 1 + view.getInt32(at + 1);
      return Buffer.concat([data.subarray(0, at), data.subarray(end)]);
    }
  }
  return data;
}

/** One database-port client, as the queue keeps it. */
interface WireClient {
  session: WireSession;
  socket: Socket;
  timer?: NodeJS.Timeout;
  /**
   * COPY … FROM STDIN in progress: its Query and the CopyData so far. PGlite cannot resume a copy
   * in a later call, so the whole sub-protocol goes to it at once when CopyDone or CopyFail comes.
   */
  copy?: Uint8Array[] | undefined;
}

/**
 * What PGLiteSocketHandler asks of its queue (`enqueue`, `clearQueueForHandler`,
 * `clearTransactionIfNeeded`), kept per client: each client gets a WireSession.
 */
class SessionQueue {
  readonly #db: Database;
  readonly #options: WireServerOptions;
  readonly #sessions = new Map<number, WireClient>();

  constructor(db: Database, options: WireServerOptions) {
    this.#db = db;
    this.#options = options;
  }

  add(handlerId: number, socket: Socket): void {
    const session = this.#db.openWireSession?.();
    if (!session) throw new Error('This database has no wire protocol');
    this.#sessions.set(handlerId, { session, socket });
  }

  async enqueue(
    handlerId: number,
    message: Uint8Array,
    onData: (data: Uint8Array) => void,
  ): Promise<number> {
    const entry = this.#sessions.get(handlerId);
    if (!entry) throw new Error('Handler disconnected');
    clearTimeout(entry.timer);
    let data: Uint8Array;
    let copyIn: Uint8Array | null;
    if (entry.copy) {
      const type = message[0];
      // As a server in copy-in mode, Flush and Sync are ignored; CopyData is kept for the batch.
      if (type === 0x64) entry.copy.push(message);
      if (type === 0x64 || type === 0x48 || type === 0x53) {
        data = new Uint8Array(0);
      } else {
        // CopyDone, CopyFail, or anything else (which PGlite will refuse, ending the copy).
        const batch = Buffer.concat([...entry.copy, message]);
        entry.copy = undefined;
        data = withoutCopyInResponse(await entry.session.send(batch));
      }
    } else if ((copyIn = copyInResponse(message))) {
      entry.copy = [message];
      data = copyIn;
    } else {
      data = await entry.session.send(message);
    }
    onData(data);
    this.#startIdleTimer(entry);
    return data.length;
  }

  /** While the client holds the database, idle time counts, copying in or not. */
  #startIdleTimer(entry: WireClient): void {
    if (!entry.session.holding) return;
    entry.timer = setTimeout(() => {
      entry.socket.end(fatal('25P03', 'terminating connection due to idle-in-transaction timeout'));
      entry.socket.destroy();
    }, this.#options.idleInTransactionMs);
    entry.timer.unref();
  }

  clearQueueForHandler(): void {
    // Nothing waits here: each client's messages wait in its WireSession, which close() ends.
  }

  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    const entry = this.#sessions.get(handlerId);
    this.#sessions.delete(handlerId);
    if (!entry) return;
    clearTimeout(entry.timer);
    await entry.session.close();
  }
}

export async function listenWire(
  db: Database,
  port: number,
  host: string,
  options: WireServerOptions,
): Promise<WireServer> {
  const queue = new SessionQueue(db, options);
  const handlers = new Set<PGLiteSocketHandler>();
  const server = createServer((socket) => {
    const handler = new PGLiteSocketHandler({
      // The handler only calls the three methods SessionQueue has; its type names pglite-socket's own
      // queue, which runs on a PGlite in this thread (ours is in a worker).
      queryQueue: queue as unknown as PGLiteSocketHandlerOptions['queryQueue'],
      closeOnDetach: true,
    });
    queue.add(handler.handlerId, socket);
    handlers.add(handler);
    const forget = () => handlers.delete(handler);
    handler.addEventListener('close', forget);
    handler.addEventListener('error', forget);
    void handler.attach(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      const closed = new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
      await Promise.all([...handlers].map((handler) => handler.detach(true)));
      await closed;
    },
  };
}
