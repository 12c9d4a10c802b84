// Messages between the database front (database.ts, main thread) and the PGlite worker (worker.ts).

export interface WorkerOptions {
  /** A Postgres data directory; omitted means in memory. */
  dataDir?: string;
  /** fsync on (commits reach the disk before they are acknowledged); off is PGlite's fast default. */
  durable?: boolean;
}

export type WorkerCommand =
  | { op: 'query'; sql: string; params: unknown[] }
  | { op: 'exec'; sql: string }
  /** BEGIN plus an optional setup query in one round trip (asRole's set_config). */
  | { op: 'begin'; setup?: { sql: string; params: unknown[] }; readOnly?: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' }
  /** Test seam: make writes that grow a file fail with ENOSPC (node-fs.ts). */
  | { op: 'disk-full'; full: boolean }
  /** One frontend message from a database-port client, answered with the backend's raw bytes. */
  | { op: 'wire'; message: Uint8Array }
  /** The session settings a database-port client made (SET, SET ROLE), to hand the session on. */
  | { op: 'session-save' }
  /** Back to the API's session: every setting and the role as the worker opened them. */
  | { op: 'session-reset' }
  | { op: 'session-restore'; state: SessionState };

/** What `session-save` captures: `SET` values and the role of a database-port client. */
export interface SessionState {
  settings: { name: string; setting: string }[];
  sessionUser: string;
  role: string;
}

/** The worker's answer to `wire`: the bytes, and the last ReadyForQuery status in them (null: none). */
export interface WireResult {
  data: Uint8Array;
  status: 'I' | 'T' | 'E' | null;
}

export type WorkerRequest = WorkerCommand & { id: number };

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

/** The fields of a Postgres error that survive the thread boundary (ErrorResponse fields). */
export interface PostgresErrorFields {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
  where?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  severity?: string;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: PostgresErrorFields }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: PostgresErrorFields }
  | { type: 'notify'; channel: string; payload: string };
