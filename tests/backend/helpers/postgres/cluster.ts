// A throwaway PostgreSQL cluster from Debian's `postgresql` package: initdb in a temporary directory,
// one server on a free loopback port, stopped and deleted by `stop()` (and on process exit). Tests
// that need real Postgres (the RLS matrix, loading a dump) start one per suite.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../free-port.ts';

export interface PostgresCluster {
  host: string;
  port: number;
  /** The directory of `psql`, `pg_dump`, … of the same version as the server. */
  binDir: string;
  /** The initdb superuser (Supabase's platform superuser). */
  superuser: string;
  /** `postgresql://<user>@127.0.0.1:<port>/<database>` (trust authentication, no password). */
  url(user?: string, database?: string): string;
  /** A connected client; the caller ends it. */
  connect(user?: string, database?: string): Promise<pg.Client>;
  /** Fast shutdown (bounded), then deletes the data directory. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The initdb superuser; Supabase's own is `supabase_admin`. */
  superuser?: string;
  /** How long start-up may take before it is abandoned (initdb plus server start). */
  timeoutMs?: number;
}

/** Postgres refuses to run as root: as root, its binaries run as the package's `postgres` user. */
const RUN_AS_USER = 'postgres';

/**
 * The newest `/usr/lib/postgresql/<version>/bin` with `initdb` (Debian's layout), or `POSTGRES_BIN_DIR`.
 * Returns undefined when there is none.
 */
export function findPostgresBinDir(): string | undefined {
  const fromEnv = process.env.POSTGRES_BIN_DIR;
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : undefined;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(base, versions[0], 'bin');
}

/** The uid/gid to run Postgres as: the `postgres` user when we are root, else ourselves. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const result = spawnSync('id', ['-u', RUN_AS_USER], { encoding: 'utf8' });
  const groups = spawnSync('id', ['-g', RUN_AS_USER], { encoding: 'utf8' });
  if (result.status !== 0 || groups.status !== 0) return undefined;
  return { uid: Number(result.stdout.trim()), gid: Number(groups.stdout.trim()) };
}

/**
 * Why real Postgres cannot run here, or undefined when it can: no binaries, or root without a
 * `postgres` user to run them as.
 */
export function postgresUnavailableReason(): string | undefined {
  if (!findPostgresBinDir()) {
    return 'PostgreSQL is not installed (Debian: apt-get install postgresql; .ci/run installs it; or set POSTGRES_BIN_DIR)';
  }
  if (process.getuid?.() === 0 && !runAs()) {
    return `running as root and there is no "${RUN_AS_USER}" user to run PostgreSQL as`;
  }
  return undefined;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(false);
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Tries to connect until the server answers, the server exits, or the deadline passes. */
async function waitUntilReady(
  url: string,
  server: ChildProcess,
  deadline: number,
  log: () => string,
): Promise<void> {
  for (;;) {
    if (server.exitCode !== null) {
      throw new Error(`PostgreSQL exited with code ${server.exitCode}:\n${log()}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) throw new Error(`PostgreSQL did not start in time:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts a fresh cluster (about 2 s). Durability settings are off: the data is thrown away.
 *
 * @example
 * const cluster = await startPostgres();
 * afterAll(() => cluster.stop());
 * const client = await cluster.connect();
 */
export async function startPostgres(options: StartOptions = {}): Promise<PostgresCluster> {
  const binDir = findPostgresBinDir();
  const reason = postgresUnavailableReason();
  if (!binDir || reason) throw new Error(reason ?? 'PostgreSQL is not installed');
  const superuser = options.superuser ?? 'postgres';
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const user = runAs();

  const root = mkdtempSync(join(tmpdir(), 'polyglot-postgres-'));
  const dataDir = join(root, 'data');
  if (user) chownSync(root, user.uid, user.gid);
  let server: ChildProcess | undefined;
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', killOnExit);
    if (server && server.exitCode === null) {
      server.kill('SIGINT'); // fast shutdown: roll back sessions, exit
      if (!(await waitForExit(server, 10_000))) {
        server.kill('SIGKILL');
        await waitForExit(server, 5_000);
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  // A test run that dies must not leave a server behind (rmSync cannot run after exit; tmp keeps it).
  const killOnExit = () => server?.kill('SIGKILL');
  process.on('exit', killOnExit);

  try {
    const initdb = spawnSync(
      join(binDir, 'initdb'),
      ['-D', dataDir, '-U', superuser, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '-N'],
      { encoding: 'utf8', ...user, timeout: Math.max(1000, deadline - Date.now()) },
    );
    if (initdb.status !== 0) {
      throw new Error(`initdb failed (${initdb.status}):\n${initdb.stderr || initdb.stdout}`);
    }
    const port = await freePort();
    let log = '';
    server = spawn(
      join(binDir, 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${root}`,
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=20',
        '-c',
        'shared_buffers=32MB',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], ...user },
    );
    const collect = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
    };
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);
    const url = (who = superuser, database = 'postgres') =>
      `postgresql://${encodeURIComponent(who)}@127.0.0.1:${port}/${database}`;
    await waitUntilReady(url(), server, deadline, () => log);
    return {
      host: '127.0.0.1',
      port,
      binDir,
      superuser,
      url,
      connect: async (who, database) => {
        const client = new pg.Client({ connectionString: url(who, database) });
        await client.connect();
        return client;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
