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
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([head, fields]);
}

/**
 * What PGLiteSocketHandler asks of its queue (`enqueue`, `clearQueueForHandler`,
 * `clearTransactionIfNeeded`), kept per client: each client gets a WireSession.
 */
class SessionQueue {
  readonly #db: Database;
  readonly #options: WireServerOptions;
  readonly #sessions = new Map<
    number,
    { session: WireSession; socket: Socket; timer?: NodeJS.Timeout }
  >();

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
    const data = await entry.session.send(message);
    onData(data);
    if (entry.session.holding) {
      entry.timer = setTimeout(() => {
        entry.socket.end(
          fatal('25P03', 'terminating connection due to idle-in-transaction timeout'),
        );
        entry.socket.destroy();
      }, this.#options.idleInTransactionMs);
      entry.timer.unref();
    }
    return data.length;
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
