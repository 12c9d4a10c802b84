// Runs PGlite off the main thread: a slow query must not stall HTTP or realtime heartbeats
// (research-local-supabase.md §5). The main thread serializes requests; this side executes them in order.
import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { diskFaults, durableStartParams, LocalNodeFS } from './node-fs.ts';
import { extensions } from './extensions.ts';
import type {
  PostgresErrorFields,
  SessionState,
  WireResult,
  WorkerMessage,
  WorkerOptions,
  WorkerRequest,
} from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');
const options = workerData as WorkerOptions;

function post(message: WorkerMessage): void {
  port?.postMessage(message);
}

function toErrorFields(error: unknown): PostgresErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const source = error as Error & Record<string, unknown>;
  const fields: PostgresErrorFields = { message: error.message };
  for (const key of [
    'code',
    'detail',
    'hint',
    'position',
    'where',
    'schema',
    'table',
    'column',
    'constraint',
    'severity',
  ] as const) {
    const value = source[key];
    if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

/** The session every API statement expects (see `session-reset`). */
// Supabase's roles have `extensions` on their search_path (unqualified `uuid_generate_v4()`).
const API_SESSION_SQL = 'set search_path = "$user", public, extensions';

async function openPglite(): Promise<PGlite> {
  const { dataDir, durable = false } = options;
  const storage = dataDir
    ? {
        fs: new LocalNodeFS(dataDir, { durable }),
        ...(durable ? { startParams: durableStartParams() } : {}),
      }
    : {};
  const pg = await PGlite.create({ ...storage, extensions });
  await pg.exec(API_SESSION_SQL);
  return pg;
}

/** The status byte of the last ReadyForQuery ('Z') among the backend messages, or null if none came. */
function readyStatus(data: Uint8Array): WireResult['status'] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let status: WireResult['status'] = null;
  for (let at = 0; at + 5 <= data.length; at += 1 + view.getInt32(at + 1)) {
    if (data[at] === 0x5a && at + 6 <= data.length) {
      status = String.fromCharCode(data[at + 5] ?? 0) as WireResult['status'];
    }
  }
  return status;
}

async function saveSession(pg: PGlite): Promise<SessionState> {
  const { rows } = await pg.query<SessionState>(
    `select coalesce(json_agg(json_build_object('name', name, 'setting', setting)), '[]') as settings,
            session_user as "sessionUser", current_setting('role') as role
       from pg_settings
      where source = 'session' and name not in ('role', 'session_authorization')`,
  );
  const state = rows[0];
  if (!state) throw new Error('session-save returned no row');
  return state;
}

async function restoreSession(pg: PGlite, state: SessionState): Promise<void> {
  await pg.query(
    `select set_config(name, setting, false) from json_to_recordset($1) as s(name text, setting text)`,
    [JSON.stringify(state.settings)],
  );
  await pg.query(`select set_config('session_authorization', $1, false)`, [state.sessionUser]);
  if (state.role !== 'none') await pg.query(`select set_config('role', $1, false)`, [state.role]);
}

const unlisteners = new Map<string, () => Promise<void>>();

async function handle(pg: PGlite, request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const result = await pg.query(request.sql, request.params);
      return {
        rows: result.rows,
        fields: result.fields,
        ...(result.affectedRows === undefined ? {} : { affectedRows: result.affectedRows }),
      };
    }
    case 'exec':
      await pg.exec(request.sql);
      return null;
    case 'begin':
      await pg.exec(request.readOnly ? 'begin read only' : 'begin');
      if (request.setup) await pg.query(request.setup.sql, request.setup.params);
      return null;
    case 'listen': {
      if (!unlisteners.has(request.channel)) {
        const channel = request.channel;
        const unlisten = await pg.listen(channel, (payload) => {
          post({ type: 'notify', channel, payload });
        });
        unlisteners.set(channel, unlisten);
      }
      return null;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.channel);
      unlisteners.delete(request.channel);
      await unlisten?.();
      return null;
    }
    case 'close':
      await pg.close();
      return null;
    case 'disk-full':
      diskFaults.full = request.full;
      return null;
    case 'wire': {
      // Copied out: PGlite answers in a buffer it reuses for the next message.
      const data = new Uint8Array(await pg.execProtocolRaw(request.message));
      return { data, status: readyStatus(data) } satisfies WireResult;
    }
    case 'session-save':
      return saveSession(pg);
    case 'session-reset':
      // RESET ALL leaves the role and the session user alone, hence the two before it.
      await pg.exec(`reset session authorization; reset role; reset all; ${API_SESSION_SQL}`);
      return null;
    case 'session-restore':
      await restoreSession(pg, request.state);
      return null;
  }
}

try {
  const pg = await openPglite();
  port.on('message', (request: WorkerRequest) => {
    handle(pg, request).then(
      (result) => {
        post({ type: 'result', id: request.id, result });
      },
      (error: unknown) => {
        post({ type: 'error', id: request.id, error: toErrorFields(error) });
      },
    );
  });
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'failed', error: toErrorFields(error) });
}
