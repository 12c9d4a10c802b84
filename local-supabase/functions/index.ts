// Edge Functions at /functions/v1/<name>, as `supabase functions serve` and hosted Supabase serve
// them: each function in its own Deno process (the `deno` npm package's binary), verify_jwt per
// function from config.toml, the gateway's answers for a missing function, a bad token, a crash or
// a timeout. The function answers everything else itself, CORS preflight included.
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { projectRoot } from '../paths.ts';
import type { AppEnv, Service, ServiceContext } from '../http/service.ts';
import { functionNotFound } from './answers.ts';
import { findFunction, readSecrets } from './discover.ts';
import { functionEnv } from './environment.ts';
import { checkJwt } from './verify-jwt.ts';
import { forward } from './proxy.ts';
import { WorkerPool } from './pool.ts';
import { denoBinary } from './deno-binary.ts';
import { NetSender } from './net/sender.ts';
import { storeVaultSecrets } from './net/vault.ts';

/** Deno's module and npm cache, shared by every function and every backend on this checkout. */
const DENO_DIR = join(projectRoot, 'node_modules', '.cache', 'local-supabase-deno');
/** The first start of a function may download its npm: packages. */
const BOOT_TIMEOUT_MS = 120_000;

export interface FunctionsService extends Service {
  /** The database port's and the mailbox's URLs, once they are known (after the services start). */
  setRuntimeUrls(urls: { dbUrl: string | null; mailboxUrl: string | null }): void;
  /** pg_net: the requests database code queued, sent after commit (net/sender.ts). */
  net: NetSender;
}

export async function createService(context: ServiceContext): Promise<FunctionsService> {
  const { config, keys, logger } = context;
  const { functionsDir, functionsWallClockMs, maxBodyBytes, supabaseDir } = config.local;
  const pool = new WorkerPool(functionsDir, logger);
  let dbUrl: string | null = null;
  let mailApiUrl: string | null = null;
  const app = new Hono<AppEnv>();

  async function handle(c: Context<AppEnv>, name: string) {
    if (!config.edge_runtime.enabled) return functionNotFound();
    const files = await findFunction(name, functionsDir, supabaseDir, config.functions);
    if (!files) return functionNotFound();
    if (c.req.method !== 'OPTIONS' && files.verifyJwt) {
      const refused = await checkJwt(c.req.header('authorization'), keys);
      if (refused) return refused;
    }
    const worker = await pool.get(name, async () => ({
      ...files,
      functionsDir,
      denoBin: denoBinary(),
      denoDir: DENO_DIR,
      bootTimeoutMs: BOOT_TIMEOUT_MS,
      env: functionEnv({
        apiUrl: context.apiUrl,
        keys,
        dbUrl,
        mailApiUrl,
        siteUrl: config.auth.site_url,
        denoDir: DENO_DIR,
        secrets: await readSecrets(functionsDir, (text) => {
          logger.error('functions', text);
        }),
      }),
    }));
    worker.inFlight++;
    // The function sees the path without /functions/v1, as behind the hosted gateway.
    const path = c.req.path.replace(/^\/functions\/v1/, '');
    return forward(c.req.raw, path, worker, {
      wallClockMs: functionsWallClockMs,
      maxBodyBytes,
      onCrash: (message) => {
        logger.error(`functions:${name}`, message);
      },
      onDone: () => {
        pool.release(worker);
      },
    });
  }

  app.all('/:name', (c) => handle(c, c.req.param('name')));
  app.all('/:name/*', (c) => handle(c, c.req.param('name')));

  const net = new NetSender(context.db, (error) => {
    logger.error('pg_net', 'sending a queued request failed', error);
  });
  await net.start();
  await storeVaultSecrets(context.db, context.apiUrl, keys.serviceRoleKey);

  return {
    app,
    net,
    setRuntimeUrls(urls) {
      dbUrl = urls.dbUrl;
      mailApiUrl = urls.mailboxUrl === null ? null : `${urls.mailboxUrl}/emails`;
    },
    // First thing at a stop: requests in flight stay queued for the next start, rather than reach
    // an API that is closing.
    detach: () => net.stop(),
    async stop() {
      await net.stop();
      await pool.stop();
    },
  };
}
