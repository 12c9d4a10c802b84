// The one way every service reaches Postgres: PGlite in a worker thread behind one queue.
import { AsyncLocalStorage } from 'node:async_hooks';
import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DatabaseError } from './errors.ts';
import type {
  QueryResult,
  SessionState,
  WireResult,
  WorkerCommand,
  WorkerMessage,
  WorkerOptions,
  WorkerRequest,
} from './protocol.ts';
import { Queue } from './queue.ts';
import { quoteIdent } from './sql.ts';

export { DatabaseError, isDatabaseError } from './errors.ts';
export type { QueryResult } from './protocol.ts';

export interface Claims {
  role: 'anon' | 'authenticated' | 'service_role';
  sub?: string;
  [claim: string]: unknown;
}

export interface Tx {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<void>;
}

/** What PostgREST also exposes to SQL about the request (`request.method`, `request.path`). */
export interface RequestContext {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** Schemas of `search_path`, as PostgREST sets it (the request's schema, then `extra_search_path`). */
  searchPath?: readonly string[];
  /**
   * A read (GET, HEAD): the transaction is read only, as PostgREST runs it. Given with BEGIN, not
   * as a statement of its own: each statement is a message to the database's thread and back.
   */
  readOnly?: boolean;
}

/**
 * One client of the database port (`[db] port`) speaking the Postgres wire protocol. PGlite has one
 * session, shared with the API, so a client holds the queue from its first message until it is idle
 * outside a transaction again: nothing else runs inside its transaction, and the `SET`s it made are
 * put aside while others use the session and given back before its next statement.
 */
export interface WireSession {
  /** One frontend message (startup, Query, Parse, Sync…); resolves with the backend's reply. */
  send(message: Uint8Array): Promise<Uint8Array>;
  /** True while the client holds the database (inside a transaction or an unsynced extended query). */
  readonly holding: boolean;
  /** Ends the session: what it left open is rolled back and the API goes on. */
  close(): Promise<void>;
}

export interface Database extends Tx {
  /** BEGIN … COMMIT (ROLLBACK when `fn` throws). Holds the queue: never await outside I/O inside. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** A transaction run as the caller's role with `request.jwt.claims` set, so RLS decides. */
  asRole<T>(claims: Claims, fn: (tx: Tx) => Promise<T>, request?: RequestContext): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /** A wire-protocol client of the database port (PGlite only). */
  openWireSession?(): WireSession;
  /** Flushes to the data directory and stops the worker. */
  close(): Promise<void>;
  /**
   * Test seam: while on, writes that grow a data file fail with ENOSPC as on a full disk (Postgres
   * answers 53100 when a table needs a new page). Not queued: it must work while queries wait.
   * Only the PGlite database has it.
   */
  simulateDiskFull?(full: boolean): Promise<void>;
}

export interface OpenOptions {
  /** A Postgres data directory, created if missing; omitted means in memory (or a temporary copy). */
  dataDir?: string;
  /** A data directory to copy from when `dataDir` is missing or empty (a test template). */
  loadTemplateDir?: string;
  /**
   * Sync every commit to disk before acknowledging it (Postgres fsync on). Off by default: PGlite's
   * fast mode, right for memory, tests and templates; the server turns it on for a persistent dataDir.
   */
  durable?: boolean;
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

async function isEmptyDir(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch {
    return true;
  }
}

/** Decides where PGlite's files live; returns a directory to delete on close when it made one. */
async function prepareDataDir(
  options: OpenOptions,
): Promise<{ dataDir?: string; temporary?: string }> {
  const { dataDir, loadTemplateDir } = options;
  if (!loadTemplateDir) {
    // PGlite's own mkdir is not recursive (ENOENT on a missing parent).
    if (dataDir) await mkdir(dirname(dataDir), { recursive: true });
    return dataDir ? { dataDir } : {};
  }
  if (dataDir) {
    if (await isEmptyDir(dataDir)) await cp(loadTemplateDir, dataDir, { recursive: true });
    return { dataDir };
  }
  const temporary = await mkdtemp(join(tmpdir(), 'local-supabase-'));
  const copy = join(temporary, 'pgdata');
  await cp(loadTemplateDir, copy, { recursive: true });
  return { dataDir: copy, temporary };
}

/**
 * The statement that makes a transaction act as the caller, as PostgREST does: the role, the JWT claims
 * and the request's method, path and headers, all transaction-local. Shared with the tests' adapter
 * for real PostgreSQL so that both run requests the same way.
 */
export function roleSetup(
  claims: Claims,
  request: RequestContext = {},
): { sql: string; params: unknown[] } {
  return {
    sql: `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true),
              set_config('request.headers', $5, true),
              set_config('search_path', $6, true)`,
    params: [
      claims.role,
      JSON.stringify(claims),
      request.method ?? '',
      request.path ?? '',
      JSON.stringify(request.headers ?? {}),
      (request.searchPath ?? ['public', 'extensions'])
        .map((schema) => quoteIdent(schema))
        .join(', '),
    ],
  };
}

/** A database-port client's state on the API side of the queue. */
class WireClient {
  /** Hands the queue on; set while the client holds it. */
  release: (() => void) | undefined;
  saved: SessionState | undefined;
  closed = false;

  letGo(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }
}

class WorkerDatabase implements Database {
  readonly #worker: Worker;
  readonly #queue = new Queue();
  readonly #inTransaction = new AsyncLocalStorage<boolean>();
  readonly #pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #temporary: string | undefined;
  #nextId = 1;
  #closed = false;
  /** Whose `SET`s the PGlite session holds now: a wire client's, or the API's (null). */
  #sessionOwner: WireClient | null = null;

  constructor(worker: Worker, temporary: string | undefined) {
    this.#worker = worker;
    this.#temporary = temporary;
    worker.on('message', (message: WorkerMessage) => {
      this.#receive(message);
    });
    // An uncaught error inside the worker would otherwise crash the whole server.
    worker.on('error', (error) => {
      console.error('[local-supabase:db] the database worker failed', error);
    });
    worker.on('exit', () => {
      this.#closed = true;
      for (const { reject } of this.#pending.values())
        reject(new Error('The database worker stopped'));
      this.#pending.clear();
    });
  }

  #receive(message: WorkerMessage): void {
    if (message.type === 'notify') {
      for (const callback of this.#listeners.get(message.channel) ?? []) callback(message.payload);
      return;
    }
    if (message.type !== 'result' && message.type !== 'error') return;
    const pending = this.#pending.get(message.id);
    this.#pending.delete(message.id);
    if (message.type === 'result') pending?.resolve(message.result);
    else pending?.reject(new DatabaseError(message.error));
  }

  #send(command: WorkerCommand): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('The database is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      const request: WorkerRequest = { ...command, id };
      this.#worker.postMessage(request);
    });
  }

  /** Runs `task` holding the queue; calling `db.*` from inside a transaction would wait on itself. */
  #serialize<T>(task: () => Promise<T>): Promise<T> {
    if (this.#inTransaction.getStore()) {
      return Promise.reject(
        new Error(
          'Inside a transaction, use its `tx` (calling `db` here would deadlock the queue)',
        ),
      );
    }
    return this.#queue.run(async () => {
      await this.#handSessionTo(null);
      return task();
    });
  }

  /**
   * Runs while holding the queue: puts the settings of the session's last user aside and gives `next`
   * its own (the API's are the worker's defaults). Nothing to do while one user keeps the session.
   */
  async #handSessionTo(next: WireClient | null): Promise<void> {
    const previous = this.#sessionOwner;
    if (previous === next) return;
    if (previous) {
      if (!previous.closed)
        previous.saved = (await this.#send({ op: 'session-save' })) as SessionState;
      await this.#send({ op: 'session-reset' });
    }
    if (next?.saved) await this.#send({ op: 'session-restore', state: next.saved });
    this.#sessionOwner = next;
  }

  openWireSession(): WireSession {
    const client = new WireClient();
    // One message at a time per client, in the order it sent them.
    const order = new Queue();
    const run = async (message: Uint8Array): Promise<Uint8Array> => {
      if (client.closed) throw new Error('The session is closed');
      // Terminate: PGlite has nothing to say; the session ends as a closed socket would end it.
      if (message[0] === 0x58) {
        await finish();
        return new Uint8Array(0);
      }
      client.release ??= await this.#queue.acquire();
      try {
        await this.#handSessionTo(client);
        const { data, status } = (await this.#send({ op: 'wire', message })) as WireResult;
        if (status === 'I') client.letGo();
        return data;
      } catch (error) {
        client.letGo();
        throw error;
      }
    };
    const finish = async (): Promise<void> => {
      if (client.closed) return;
      client.closed = true;
      if (!client.release) return;
      // Back to idle: end an unsynced extended query, then roll back what the client left open.
      const sync = new Uint8Array([0x53, 0, 0, 0, 4]);
      const ended = (await this.#send({ op: 'wire', message: sync }).catch(
        () => null,
      )) as WireResult | null;
      if (ended?.status !== 'I')
        await this.#send({ op: 'exec', sql: 'rollback' }).catch(() => undefined);
      client.letGo();
    };
    return {
      send: (message) => order.run(() => run(message)),
      get holding() {
        return client.release !== undefined;
      },
      close: () => order.run(finish),
    };
  }

  readonly #direct: Tx = {
    query: async <T>(sql: string, params: unknown[] = []) =>
      (await this.#send({ op: 'query', sql, params })) as QueryResult<T>,
    exec: async (sql: string) => {
      await this.#send({ op: 'exec', sql });
    },
  };

  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    return this.#serialize(() => this.#direct.query<T>(sql, params));
  }

  exec(sql: string): Promise<void> {
    return this.#serialize(() => this.#direct.exec(sql));
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.#serialize(() => this.#inTransaction.run(true, () => this.#runTransaction(fn)));
  }

  async #runTransaction<T>(
    fn: (tx: Tx) => Promise<T>,
    setup?: { sql: string; params: unknown[] },
    readOnly = false,
  ): Promise<T> {
    let result: T;
    try {
      await this.#send({
        op: 'begin',
        ...(setup ? { setup } : {}),
        ...(readOnly ? { readOnly } : {}),
      });
      result = await fn(this.#direct);
    } catch (error) {
      await this.#direct.exec('rollback').catch(() => undefined);
      throw error;
    }
    await this.#direct.exec('commit');
    return result;
  }

  asRole<T>(claims: Claims, fn: (tx: Tx) => Promise<T>, request: RequestContext = {}): Promise<T> {
    if (!API_ROLES.has(claims.role)) {
      return Promise.reject(new Error(`Refusing to run as role "${claims.role}"`));
    }
    const setup = roleSetup(claims, request);
    return this.#serialize(() =>
      this.#inTransaction.run(true, () => this.#runTransaction(fn, setup, request.readOnly)),
    );
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.#listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.#listeners.set(channel, callbacks);
      await this.#serialize(() => this.#send({ op: 'listen', channel }));
    }
    callbacks.add(callback);
    return async () => {
      const current = this.#listeners.get(channel);
      current?.delete(callback);
      if (current?.size === 0 && !this.#closed) {
        this.#listeners.delete(channel);
        await this.#serialize(() => this.#send({ op: 'unlisten', channel }));
      }
    };
  }

  async simulateDiskFull(full: boolean): Promise<void> {
    await this.#send({ op: 'disk-full', full });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#queue.run(() => this.#send({ op: 'close' }));
    this.#closed = true;
    await this.#worker.terminate();
    if (this.#temporary) await rm(this.#temporary, { recursive: true, force: true });
  }
}

function waitUntilReady(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'failed') reject(new DatabaseError(message.error));
      else return;
      worker.off('message', onMessage);
      worker.off('error', reject);
    };
    worker.on('message', onMessage);
    worker.on('error', reject);
  });
}

/**
 * Opens (or creates) a database. An empty `dataDir` runs initdb (seconds); an existing one opens warm;
 * `loadTemplateDir` copies a prepared directory first.
 */
export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  const { dataDir, temporary } = await prepareDataDir(options);
  const workerOptions: WorkerOptions = dataDir
    ? { dataDir, durable: options.durable ?? false }
    : {};
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: workerOptions });
  try {
    await waitUntilReady(worker);
  } catch (error) {
    await worker.terminate();
    if (temporary) await rm(temporary, { recursive: true, force: true });
    throw error;
  }
  return new WorkerDatabase(worker, temporary);
}
