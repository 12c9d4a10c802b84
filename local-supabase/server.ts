// start() → a running local Supabase: database ready (bootstrapped, migrated, seeded once), the API on
// one port, the mailbox on another. stop() closes both and flushes PGlite to the data directory.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig, type ConfigOverrides, type Keys, type LocalConfig } from './config/config.ts';
import { checkDataDir, DataDirError } from './db/data-dir.ts';
import { openDatabase, type Database } from './db/database.ts';
import { prepareDatabase, type PrepareReport } from './db/prepare.ts';
import { watchSchema } from './db/schema-cache.ts';
import { listenWire, type WireServer } from './db/wire-server.ts';
import { createApp } from './http/app.ts';
import { listen, type Fetch, type Listener } from './http/listen.ts';
import { createLogger, type Logger } from './http/log.ts';
import type { Service } from './http/service.ts';
import { createMailboxApp } from './mailbox/app.ts';
import { createMailer } from './mailbox/mailer.ts';
import { Mailbox } from './mailbox/store.ts';
import { createServices, type ServiceName, type Services } from './services.ts';
import { registerSsoFiles } from './auth/sso/register.ts';
import { startStandIns, stopStandIns } from './stand-ins/index.ts';
import type { RunningStandIn } from './stand-ins/stand-in.ts';

export interface StartOptions extends ConfigOverrides {
  /** Copy this prepared data directory into an empty data directory first (tests). */
  templateDir?: string;
  /** Print prefixed logs. */
  log?: boolean;
}

export interface StartupReport extends PrepareReport {
  /** True when the data directory was created (initdb) rather than reopened. */
  cold: boolean;
  openMs: number;
  prepareMs: number;
  totalMs: number;
}

export interface LocalSupabase {
  /** The project URL for createClient(), e.g. http://127.0.0.1:54321. */
  url: string;
  port: number;
  /** The mailbox page and API, or null when [inbucket] is disabled. */
  mailboxUrl: string | null;
  /**
   * The database port's connection string for psql and other Postgres clients
   * (`postgresql://postgres:postgres@127.0.0.1:54322/postgres`), or null when it is not served.
   */
  dbUrl: string | null;
  keys: Keys;
  config: LocalConfig;
  db: Database;
  mailbox: Mailbox;
  services: ServiceName[];
  /** The development stand-ins running next to the API (identity providers), printed at start. */
  standIns: RunningStandIn[];
  startup: StartupReport;
  /**
   * Test seam: while on, the database and the stored files behave as on a full disk (writes that
   * need new space fail with ENOSPC); off again, they recover.
   */
  simulateDiskFull(full: boolean): Promise<void>;
  /**
   * Graceful stop: no new connections, requests in flight finish and are answered (for at most
   * `graceMs`, default 10 s), realtime sockets get a close frame, then the database flushes and closes.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}

const GRACE_MS = 10_000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * The shutdown order: the listeners stop accepting and drain while the services end their long-lived
 * connections (WebSocket close frames); only once no request can still reach the database is it
 * closed, so nothing that committed is answered with an error ("The database is closed").
 */
async function shutDown(
  listeners: Listener[],
  services: Service[],
  standIns: RunningStandIn[],
  wire: WireServer | undefined,
  db: Database,
  logger: Logger,
  graceMs: number,
): Promise<void> {
  // Database-port clients first: a transaction one left open would hold the API's requests in flight.
  await wire?.close();
  await stopStandIns(standIns);
  const drained = Promise.all(listeners.map((listener) => listener.drain(graceMs)));
  const detached = Promise.all(services.map((service) => service.detach?.() ?? Promise.resolve()));
  // A client that never answers the close frame must not hold the stop past the grace period.
  await Promise.race([detached, delay(graceMs)]);
  const cut = (await drained).reduce((sum, count) => sum + count, 0);
  if (cut > 0) {
    logger.error('server', `stopped with ${cut} request(s) still running after ${graceMs} ms`);
  }
  for (const service of services) await service.stop?.();
  await db.close();
}

async function hasFiles(dir: string): Promise<boolean> {
  return readdir(dir).then(
    (names) => names.length > 0,
    () => false,
  );
}

export async function start(options: StartOptions = {}): Promise<LocalSupabase> {
  const began = performance.now();
  const config = await loadConfig(options);
  const logger = createLogger(options.log ?? false);
  const log = logger.for('server');
  for (const warning of config.local.warnings) console.warn(`[local-supabase:config] ${warning}`);
  const pgdata = config.local.dataDir === null ? undefined : join(config.local.dataDir, 'pgdata');
  if (config.local.dataDir !== null) await checkDataDir(config.local.dataDir);
  const cold = pgdata === undefined || (!(await hasFiles(pgdata)) && !options.templateDir);

  const db = await openDatabase({
    ...(pgdata ? { dataDir: pgdata, durable: config.local.fsync } : {}),
    ...(options.templateDir ? { loadTemplateDir: options.templateDir } : {}),
  }).catch((error: unknown) => {
    if (!pgdata) throw error;
    // PGlite's own words ("failed to initialize properly", "Aborted()") do not say where or why.
    const reason = error instanceof Error ? error.message : String(error);
    throw new DataDirError(pgdata, `the database would not open (${reason})`);
  });
  const opened = performance.now();
  let report: PrepareReport;
  try {
    report = await prepareDatabase(db, {
      migrationsDir: config.local.migrationsDir,
      seedPaths: config.local.seed ? config.local.seedPaths : [],
      supabaseDir: config.local.supabaseDir,
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  const prepared = performance.now();
  for (const name of report.bootstrapChanged) {
    logger.error(
      'db',
      `${name} changed since this data directory was created; delete ${config.local.dataDir ?? 'it'} to rebuild`,
    );
  }

  const mailbox = new Mailbox();
  const mailer = createMailer(config, mailbox, logger.for('mail'));
  let fetch: Fetch = () =>
    new Response(JSON.stringify({ message: 'Starting' }), {
      status: 503,
      headers: { 'Retry-After': '1' },
    });
  const listeners: Listener[] = [];
  let services: Partial<Services> = {};
  let wire: WireServer | undefined;
  let standIns: RunningStandIn[] = [];
  try {
    // Listen first: with port 0 the URL (token issuer, e-mail links) is only known afterwards.
    const api = await listen(
      (request, env) => fetch(request, env),
      config.api.port,
      config.local.host,
      'API',
      '--port',
    );
    listeners.push(api);
    const url = `http://${config.local.host}:${api.port}`;
    const schemaCache = await watchSchema(db, logger.for('db'));
    const context = {
      db,
      schemaCache,
      config,
      keys: config.local.keys,
      apiUrl: url,
      mailer,
      logger,
    };
    const created = await createServices(context);
    services = created;
    const app = createApp(context, created);
    fetch = (request, env) => app.fetch(request, env);
    for (const service of Object.values(services)) service.attach?.(api.server);

    let mailboxUrl: string | null = null;
    if (config.inbucket.enabled) {
      const mailboxApp = createMailboxApp(mailbox);
      const box = await listen(
        (request) => mailboxApp.fetch(request),
        config.inbucket.port,
        config.local.host,
        'Mailbox',
        '--mailbox-port',
      );
      listeners.push(box);
      mailboxUrl = `http://${config.local.host}:${box.port}`;
    }
    if (config.local.dbPort !== null) {
      wire = await listenWire(db, config.local.dbPort, config.local.host, {
        idleInTransactionMs: config.local.dbIdleInTransactionMs,
      });
    }
    standIns = await startStandIns({ config, apiUrl: url, logger });
    // After the stand-ins: a provider file may name one, whose metadata holds its port.
    await registerSsoFiles(db, config, standIns);
    // PGlite takes any user and password; these are the Supabase CLI's.
    const dbUrl = wire
      ? `postgresql://postgres:postgres@${config.local.host}:${wire.port}/postgres`
      : null;
    created.functions.setRuntimeUrls({ dbUrl, mailboxUrl });
    const startup: StartupReport = {
      ...report,
      cold,
      openMs: Math.round(opened - began),
      prepareMs: Math.round(prepared - opened),
      totalMs: Math.round(performance.now() - began),
    };
    log(`API on ${url} (${startup.totalMs} ms, ${cold ? 'cold' : 'warm'})`);

    let stopping: Promise<void> | undefined;
    return {
      url,
      port: api.port,
      mailboxUrl,
      dbUrl,
      keys: config.local.keys,
      config,
      db,
      mailbox,
      services: Object.keys(services) as ServiceName[],
      standIns,
      startup,
      async simulateDiskFull(full) {
        await db.simulateDiskFull?.(full);
        for (const service of Object.values(services)) service.simulateDiskFull?.(full);
      },
      stop(stopOptions = {}) {
        stopping ??= shutDown(
          listeners,
          Object.values(services),
          standIns,
          wire,
          db,
          logger,
          stopOptions.graceMs ?? GRACE_MS,
        );
        return stopping;
      },
    };
  } catch (error) {
    await shutDown(listeners, Object.values(services), standIns, wire, db, logger, 0);
    throw error;
  }
}
