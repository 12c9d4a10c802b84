// `node local-supabase/cli.ts [--port 54321] [--data-dir .supabase-local] …`: runs the local Supabase
// until Ctrl+C and prints what a developer needs (URLs, keys, demo accounts).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ConfigError, readEnvOverrides, type ConfigOverrides } from './config/config.ts';
import { DataDirError } from './db/data-dir.ts';
import { start, type LocalSupabase } from './server.ts';

const HELP = `Usage: node local-supabase/cli.ts [options]

Runs a local Supabase-compatible backend (auth, rest, storage, realtime) on PGlite.
Settings come from supabase/config.toml, then environment variables, then these flags.

  --port <n>            API port (config [api] port, env SUPABASE_LOCAL_PORT; default 54321)
  --mailbox-port <n>    mailbox port (config [inbucket] port, env SUPABASE_LOCAL_MAILBOX_PORT; default 54324)
  --db-port <n>         database port for psql and Postgres clients (config [db] port, env SUPABASE_LOCAL_DB_PORT;
                        default 54322)
  --no-db-port          do not serve the database port
  --host <host>         interface to listen on (env SUPABASE_LOCAL_HOST; default 127.0.0.1)
  --data-dir <dir>      where data persists (env SUPABASE_LOCAL_DATA_DIR; default .supabase-local)
  --memory              keep everything in memory (nothing persists)
  --no-fsync            do not sync commits and stored files to disk: faster, but a power loss or
                        kernel crash may lose acknowledged writes (env SUPABASE_LOCAL_FSYNC=false)
  --migrations-dir <d>  migrations to apply (env SUPABASE_LOCAL_MIGRATIONS_DIR; default supabase/migrations)
  --no-seed             do not run supabase/seed.sql on first start (env SUPABASE_LOCAL_SEED=false)
  --config <file>       config file (env SUPABASE_LOCAL_CONFIG; default supabase/config.toml)
  --verbose             log requests and e-mails (env LOCAL_SUPABASE_LOG=1)
  --help                show this help

Keys: env JWT_SECRET, ANON_KEY, SERVICE_ROLE_KEY (default: the Supabase CLI's public demo keys).
Site: env SITE_URL overrides [auth] site_url: where e-mail links and redirects go, the redirect
allow-list, the passkey relying party (without [auth.webauthn] rp_id) and functions' SITE_URL.
Rate limits: auth's per-client limits count against the value of the request header named by env
SUPABASE_LOCAL_RATE_LIMIT_HEADER (GoTrue's GOTRUE_RATE_LIMIT_HEADER, e.g. X-Forwarded-For as a gateway
sets it), else against the socket's peer address.
SSO: supabase/sso/*.json are registered at start; the SAML identity provider stand-in listens on
env SUPABASE_LOCAL_SAML_IDP_PORT (default 54331; a free one with --port 0).`;

function parseFlags(argv: string[]): {
  overrides: ConfigOverrides;
  verbose: boolean;
  help: boolean;
} {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'mailbox-port': { type: 'string' },
      'db-port': { type: 'string' },
      'no-db-port': { type: 'boolean' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      memory: { type: 'boolean' },
      'migrations-dir': { type: 'string' },
      seed: { type: 'boolean' },
      'no-seed': { type: 'boolean' },
      'no-fsync': { type: 'boolean' },
      config: { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  const problems: string[] = [];
  const port = (flag: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 0 || value > 65535) {
      problems.push(`--${flag}: "${text}" is not a port number`);
    }
    return value;
  };
  const overrides: ConfigOverrides = {};
  const apiPort = port('port', values.port);
  const mailboxPort = port('mailbox-port', values['mailbox-port']);
  const dbPort = port('db-port', values['db-port']);
  if (problems.length > 0) throw new ConfigError('flags', problems);
  if (apiPort !== undefined) overrides.port = apiPort;
  if (mailboxPort !== undefined) overrides.mailboxPort = mailboxPort;
  if (dbPort !== undefined) overrides.dbPort = dbPort;
  if (values['no-db-port']) overrides.serveDatabase = false;
  if (values.host) overrides.host = values.host;
  if (values['data-dir']) overrides.dataDir = values['data-dir'];
  if (values.memory) overrides.dataDir = null;
  if (values['migrations-dir']) overrides.migrationsDir = values['migrations-dir'];
  if (values.seed) overrides.seed = true;
  if (values['no-seed']) overrides.seed = false;
  if (values['no-fsync']) overrides.fsync = false;
  if (values.config) overrides.configPath = values.config;
  return { overrides, verbose: values.verbose ?? false, help: values.help ?? false };
}

/** The demo password, when every account in the seed files shares one (read from `crypt('…'`). */
async function readDemoPassword(paths: string[]): Promise<string | null> {
  const passwords = new Set<string>();
  for (const path of paths) {
    const sql = await readFile(path, 'utf8').catch(() => '');
    for (const match of sql.matchAll(/crypt\(\s*'([^']+)'/g)) if (match[1]) passwords.add(match[1]);
  }
  return passwords.size === 1 ? ([...passwords][0] ?? null) : null;
}

async function printSummary(running: LocalSupabase): Promise<void> {
  // A demo account's verified authenticator-app secret is printed too: staff need the second factor.
  const { rows } = await running.db
    .query<{ email: string; role: string | null; totp: string | null }>(
      `
    select u.email, (to_jsonb(p) ->> 'role') as role,
           (select f.secret from auth.mfa_factors f
            where f.user_id = u.id and f.factor_type = 'totp' and f.status = 'verified'
            order by f.created_at limit 1) as totp
    from auth.users u left join public.profiles p on p.id = u.id
    where u.email like '%@example.com' order by u.created_at limit 10`,
    )
    .catch(() =>
      running.db.query<{ email: string; role: string | null; totp: string | null }>(
        "select email, null as role, null as totp from auth.users where email like '%@example.com' order by created_at limit 10",
      ),
    );
  const password = await readDemoPassword(running.config.local.seedPaths);
  const { startup } = running;
  const lines = [
    '',
    `Local Supabase is running (${startup.cold ? 'cold' : 'warm'} start in ${(startup.totalMs / 1000).toFixed(1)} s)`,
    `  API URL:        ${running.url}`,
    `  Functions:      ${running.url}/functions/v1/<name> (${running.config.local.functionsDir})`,
    `  Mailbox:        ${running.mailboxUrl ?? 'disabled'}`,
    `  DB URL:         ${running.dbUrl ?? 'not served'}`,
    `  Data:           ${running.config.local.dataDir ?? 'in memory (nothing persists)'}${running.config.local.dataDir && !running.config.local.fsync ? ' (fsync off)' : ''}`,
    `  anon key:       ${running.keys.anonKey}`,
    `  service_role:   ${running.keys.serviceRoleKey}`,
    `  publishable:    ${running.keys.publishableKey}`,
    `  secret:         ${running.keys.secretKey}`,
    `  services:       ${running.services.join(', ') || 'none'}`,
  ];
  if (startup.migrated.length)
    lines.push(`  migrations:     applied ${startup.migrated.length} new`);
  if (startup.seeded.length) lines.push(`  seed:           ran ${startup.seeded.join(', ')}`);
  for (const standIn of running.standIns) {
    lines.push('', `${standIn.title} (development stand-in): ${standIn.url}`);
    for (const note of standIn.notes) lines.push(`  ${note}`);
  }
  if (rows.length) {
    lines.push(
      '',
      `Demo accounts (development only)${password ? `, password "${password}"` : ''}:`,
    );
    for (const row of rows) {
      const totp = row.totp ? `, authenticator app secret ${row.totp}` : '';
      lines.push(`  ${row.email}${row.role ? ` (${row.role}${totp})` : totp}`);
    }
    if (rows.some((row) => row.totp)) {
      lines.push(
        '  Moderation needs the second factor: add the secret to an authenticator app (TOTP, SHA-1, 6 digits, 30 s).',
      );
    }
  }
  lines.push('', 'Press Ctrl+C to stop.');
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const { overrides, verbose, help } = parseFlags(process.argv.slice(2));
  if (help) {
    console.log(HELP);
    return;
  }
  const running = await start({
    // The database port, as `supabase start` offers it (--no-db-port to leave it closed).
    serveDatabase: true,
    ...readEnvOverrides(),
    ...overrides,
    log: verbose || process.env['LOCAL_SUPABASE_LOG'] === '1',
  });
  await printSummary(running);
  let stopping = false;
  const shutdown = () => {
    // A second Ctrl+C does not wait for the requests in flight.
    if (stopping) process.exit(1);
    stopping = true;
    console.log('\nStopping: finishing requests in flight, then flushing the database…');
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  // Known problems (settings, an unusable data directory) are one line; anything else is a bug.
  console.error(
    error instanceof ConfigError || error instanceof DataDirError ? error.message : error,
  );
  process.exit(1);
});
