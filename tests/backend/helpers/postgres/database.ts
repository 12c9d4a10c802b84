// The local backend's `Database` interface over one connection to real PostgreSQL (node-postgres), so
// code written against PGlite (the bootstrap, migrations, seed, RLS runners) runs unchanged on it.
import pg from 'pg';
import {
  DatabaseError,
  roleSetup,
  type Claims,
  type Database,
  type QueryResult,
  type RequestContext,
  type Tx,
} from '../../../../local-supabase/db/database.ts';
import { Queue } from '../../../../local-supabase/db/queue.ts';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** node-postgres errors carry the same ErrorResponse fields as PGlite's; keep the ones services use. */
function toDatabaseError(error: unknown): unknown {
  if (!(error instanceof pg.DatabaseError)) return error;
  return new DatabaseError({
    message: error.message,
    ...(error.code && { code: error.code }),
    ...(error.detail && { detail: error.detail }),
    ...(error.hint && { hint: error.hint }),
    ...(error.constraint && { constraint: error.constraint }),
    ...(error.table && { table: error.table }),
    ...(error.schema && { schema: error.schema }),
    ...(error.column && { column: error.column }),
    ...(error.severity && { severity: error.severity }),
  });
}

class PostgresDatabase implements Database {
  readonly #client: pg.Client;
  readonly #queue = new Queue();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();

  constructor(client: pg.Client) {
    this.#client = client;
    client.on('notification', (message) => {
      for (const callback of this.#listeners.get(message.channel) ?? []) {
        callback(message.payload ?? '');
      }
    });
  }

  readonly #direct: Tx = {
    query: async <T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> => {
      try {
        const result = await this.#client.query(sql, params);
        return {
          rows: result.rows as T[],
          fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
          ...(result.command !== 'SELECT' && { affectedRows: result.rowCount ?? 0 }),
        };
      } catch (error) {
        throw toDatabaseError(error);
      }
    },
    exec: async (sql: string) => {
      try {
        // Without parameters node-postgres uses the simple protocol: several statements at once.
        await this.#client.query(sql);
      } catch (error) {
        throw toDatabaseError(error);
      }
    },
  };

  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    return this.#queue.run(() => this.#direct.query<T>(sql, params));
  }

  exec(sql: string): Promise<void> {
    return this.#queue.run(() => this.#direct.exec(sql));
  }

  async #runTransaction<T>(
    fn: (tx: Tx) => Promise<T>,
    setup?: { sql: string; params: unknown[] },
    readOnly = false,
  ): Promise<T> {
    let result: T;
    try {
      await this.#direct.exec(readOnly ? 'begin read only' : 'begin');
      if (setup) await this.#direct.query(setup.sql, setup.params);
      result = await fn(this.#direct);
    } catch (error) {
      await this.#direct.exec('rollback').catch(() => undefined);
      throw error;
    }
    await this.#direct.exec('commit');
    return result;
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.#queue.run(() => this.#runTransaction(fn));
  }

  asRole<T>(claims: Claims, fn: (tx: Tx) => Promise<T>, request?: RequestContext): Promise<T> {
    if (!API_ROLES.has(claims.role)) {
      return Promise.reject(new Error(`Refusing to run as role "${claims.role}"`));
    }
    return this.#queue.run(() =>
      this.#runTransaction(fn, roleSetup(claims, request), request?.readOnly),
    );
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const quoted = `"${channel.replaceAll('"', '""')}"`;
    let callbacks = this.#listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.#listeners.set(channel, callbacks);
      await this.exec(`listen ${quoted}`);
    }
    callbacks.add(callback);
    return async () => {
      const current = this.#listeners.get(channel);
      current?.delete(callback);
      if (current?.size === 0) {
        this.#listeners.delete(channel);
        await this.exec(`unlisten ${quoted}`);
      }
    };
  }

  async close(): Promise<void> {
    await this.#queue.run(() => this.#client.end());
  }
}

/** Wraps a connected client; `close()` ends it. */
export function postgresDatabase(client: pg.Client): Database {
  return new PostgresDatabase(client);
}
