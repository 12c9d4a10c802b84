// What a service (auth, rest, storage, realtime) receives and returns. A service lives in
// `local-supabase/<name>/index.ts`, exports `createService(context): Service`, and is listed in
// `local-supabase/services.ts`.
import type { Server } from 'node:http';
import type { Hono } from 'hono';
import type { LocalConfig } from '../config/config.ts';
import type { Keys } from '../config/keys.ts';
import type { Database } from '../db/database.ts';
import type { SchemaCache } from '../db/schema-cache.ts';
import type { Mailer } from '../mailbox/mailer.ts';
import type { KeyRole } from './keys.ts';
import type { Logger } from './log.ts';

export interface AppEnv {
  Variables: {
    /** The role of the API key the gateway accepted (undefined on routes open without a key). */
    apikeyRole: KeyRole | undefined;
  };
}

export interface ServiceContext {
  db: Database;
  /** What REST and realtime read from pg_catalog, emptied when DDL runs (db/schema-cache.ts). */
  schemaCache: SchemaCache;
  config: LocalConfig;
  keys: Keys;
  /** The project URL clients use, e.g. `http://127.0.0.1:54321` (no trailing slash). */
  apiUrl: string;
  /** Sends auth e-mails into the local mailbox. */
  mailer: Mailer;
  logger: Logger;
}

export interface Service {
  /** The sub-router, mounted at the service's base path (e.g. `/auth/v1`). */
  app: Hono<AppEnv>;
  /** Called once the HTTP server listens (realtime takes WebSocket upgrades here). */
  attach?(server: Server): void;
  /**
   * Called on shutdown before the HTTP server closes: end long-lived connections here. Node's
   * server.close() waits for upgraded sockets (WebSockets) and closeAllConnections() does not reach them.
   */
  detach?(): Promise<void>;
  /** Called on shutdown, before the database closes. */
  stop?(): Promise<void>;
  /** Test seam: the service's own files behave as on a full disk (see LocalSupabase). */
  simulateDiskFull?(full: boolean): void;
}
