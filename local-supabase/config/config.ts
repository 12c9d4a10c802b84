// The local backend's configuration: supabase/config.toml (Supabase CLI format), then environment
// variables, then flags or start() options, validated once at start with every problem listed.
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { projectRoot } from '../paths.ts';
import { ConfigError, describeIssues } from './errors.ts';
import { reviewConfig } from './review.ts';
import { configFileSchema, type ConfigFile, type ConfigFileInput } from './schema.ts';
import { resolveKeys, type Keys } from './keys.ts';
import { readSigningKeys } from './signing-keys.ts';
import { parseDuration } from './units.ts';
import {
  defaultRealtimeLimits,
  readRealtimeLimitsEnv,
  type RealtimeLimits,
} from './realtime-limits.ts';
import {
  defaultPasswordHashLimits,
  readPasswordHashEnv,
  type PasswordHashLimits,
} from './password-hashing.ts';

export { ConfigError } from './errors.ts';
export type { EmailTemplateType } from './schema.ts';
export type { Keys } from './keys.ts';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** What flags, environment variables and start() may change. */
export interface ConfigOverrides {
  /** Path of config.toml; default `supabase/config.toml`. */
  configPath?: string;
  host?: string;
  port?: number;
  mailboxPort?: number;
  /**
   * Serve the database port (`[db] port`): the CLI does; a programmatic start() only when asked, so
   * tests and benchmarks running side by side do not all reach for 54322.
   */
  serveDatabase?: boolean;
  /** The database port, over `[db] port`; giving one also turns serving on. 0 picks a free port. */
  dbPort?: number;
  /**
   * The development OpenID provider's port, over the one in `[auth.external.keycloak] url`. Without
   * it, an API on a free port (0: tests, benchmarks) puts the provider on a free port too.
   */
  oidcPort?: number;
  /** How long a database-port client may idle inside a transaction (default 60 s). */
  dbIdleInTransactionMs?: number;
  /** The data directory (PGlite files in `<dataDir>/pgdata`); null keeps everything in memory. */
  dataDir?: string | null;
  migrationsDir?: string;
  seed?: boolean;
  /** Sync commits and stored files to disk (default on with a data directory; off is faster). */
  fsync?: boolean;
  jwtSecret?: string;
  anonKey?: string;
  serviceRoleKey?: string;
  /** Settings in config.toml's own shape, merged over the file (tests switch features this way). */
  settings?: DeepPartial<ConfigFileInput>;
  /** Realtime's limits (config.toml has no keys for them). */
  realtimeLimits?: Partial<RealtimeLimits>;
  /** How many bcrypt operations run at once and wait (config.toml has no keys for them). */
  passwordHashing?: Partial<PasswordHashLimits>;
  /** How long an unfinished resumable upload is kept, in seconds (default a day, as Storage). */
  resumableExpirySeconds?: number;
  /**
   * MFA challenges and verifications per minute and client IP, each (GoTrue's
   * MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, default 15; config.toml has no key for it).
   */
  mfaRateLimitPerMinute?: number;
  /**
   * The request header whose value auth's per-client limits count against (GoTrue's
   * RATE_LIMIT_HEADER, e.g. `X-Forwarded-For` as a gateway sets it); without it, the socket's peer.
   */
  rateLimitHeader?: string;
  /** Where Edge Functions live (default `supabase/functions`, as the CLI's layout). */
  functionsDir?: string;
  /** How long a function may take to answer before its process is ended (default 150 s). */
  functionsWallClockMs?: number;
  /**
   * The SAML identity provider stand-in's port (default 54331, or a free one when the API's port
   * is 0; 0 picks a free one).
   */
  samlIdpPort?: number;
  /** Where SSO providers registered at start are described (default `supabase/sso`). */
  ssoDir?: string;
}

export interface LocalSettings {
  host: string;
  /** The database port to serve, or null when it is not served. */
  dbPort: number | null;
  /** The development OpenID provider's port when set apart from its realm URL (0: a free one). */
  oidcPort: number | null;
  dbIdleInTransactionMs: number;
  dataDir: string | null;
  /** True when commits and stored files are synced before they are acknowledged (never in memory). */
  fsync: boolean;
  migrationsDir: string;
  seed: boolean;
  seedPaths: string[];
  supabaseDir: string;
  /** The largest request body accepted, in bytes (above it: 413). */
  maxBodyBytes: number;
  keys: Keys;
  realtimeLimits: RealtimeLimits;
  passwordHashing: PasswordHashLimits;
  resumableExpirySeconds: number;
  mfaRateLimitPerMinute: number;
  /** The header naming the client for auth's per-client limits, or null: the socket's peer. */
  rateLimitHeader: string | null;
  /** Edge Functions: `<functionsDir>/<name>/index.ts`, `_shared/`, and the secrets in `.env`. */
  functionsDir: string;
  /** An Edge Function that has not answered after this long is ended (546 WORKER_LIMIT). */
  functionsWallClockMs: number;
  /** The SAML identity provider stand-in's port (0: a free one). */
  samlIdpPort: number;
  /** The folder of SSO providers to register at start (`supabase/sso/*.json`). */
  ssoDir: string;
  /**
   * One line per config.toml key that has no effect here: unknown to the Supabase CLI, or known and
   * ignored with a value that asks for something. start() prints each once.
   */
  warnings: string[];
}

export type LocalConfig = ConfigFile & { local: LocalSettings };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeDeep(base: unknown, patch: unknown): unknown {
  if (!isRecord(base) || !isRecord(patch)) return patch === undefined ? base : patch;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) merged[key] = mergeDeep(base[key], value);
  return merged;
}

/** The CLI's `env(NAME)` values: replaced by the variable when it is set. */
function substituteEnv(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === 'string') {
    const match = /^env\((\w+)\)$/.exec(value.trim());
    return match?.[1] && env[match[1]] !== undefined ? env[match[1]] : value;
  }
  if (Array.isArray(value)) return value.map((item) => substituteEnv(item, env));
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteEnv(v, env)]));
  }
  return value;
}

/**
 * The file's settings. Without a supabase/config.toml the defaults apply; a file named with
 * `--config` or SUPABASE_LOCAL_CONFIG that does not exist is an error, never a silent fall-back.
 */
async function readToml(path: string, named: boolean): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (!named) return {};
    throw new ConfigError(relative(projectRoot, path), ['the configuration file does not exist']);
  }
  try {
    return parseToml(text);
  } catch (error) {
    throw new ConfigError(relative(projectRoot, path), [(error as Error).message]);
  }
}

function parsePort(name: string, text: string, problems: string[]): number | undefined {
  const port = Number(text);
  if (Number.isInteger(port) && port >= 0 && port <= 65535) return port;
  problems.push(`${name}: "${text}" is not a port number`);
  return undefined;
}

function parseBoolean(name: string, text: string, problems: string[]): boolean | undefined {
  if (/^(1|true|yes|on)$/i.test(text)) return true;
  if (/^(0|false|no|off)$/i.test(text)) return false;
  problems.push(`${name}: "${text}" is not true or false`);
  return undefined;
}

/** The environment's overrides (SUPABASE_LOCAL_*, and JWT_SECRET / ANON_KEY / SERVICE_ROLE_KEY). */
export function readEnvOverrides(env: NodeJS.ProcessEnv = process.env): ConfigOverrides {
  const problems: string[] = [];
  const overrides: ConfigOverrides = {};
  const set = <K extends keyof ConfigOverrides>(key: K, value: ConfigOverrides[K] | undefined) => {
    if (value !== undefined) overrides[key] = value;
  };
  const text = (name: string) => (env[name] === '' ? undefined : env[name]);
  const port = text('SUPABASE_LOCAL_PORT');
  const mailboxPort = text('SUPABASE_LOCAL_MAILBOX_PORT');
  const dbPort = text('SUPABASE_LOCAL_DB_PORT');
  const oidcPort = text('SUPABASE_LOCAL_OIDC_PORT');
  const seed = text('SUPABASE_LOCAL_SEED');
  const fsync = text('SUPABASE_LOCAL_FSYNC');
  const dataDir = text('SUPABASE_LOCAL_DATA_DIR');
  set('configPath', text('SUPABASE_LOCAL_CONFIG'));
  set('host', text('SUPABASE_LOCAL_HOST'));
  if (port) set('port', parsePort('SUPABASE_LOCAL_PORT', port, problems));
  if (mailboxPort)
    set('mailboxPort', parsePort('SUPABASE_LOCAL_MAILBOX_PORT', mailboxPort, problems));
  if (dbPort) set('dbPort', parsePort('SUPABASE_LOCAL_DB_PORT', dbPort, problems));
  if (oidcPort) set('oidcPort', parsePort('SUPABASE_LOCAL_OIDC_PORT', oidcPort, problems));
  const samlIdpPort = text('SUPABASE_LOCAL_SAML_IDP_PORT');
  if (samlIdpPort) {
    set('samlIdpPort', parsePort('SUPABASE_LOCAL_SAML_IDP_PORT', samlIdpPort, problems));
  }
  if (dataDir) set('dataDir', dataDir === 'memory' ? null : dataDir);
  set('migrationsDir', text('SUPABASE_LOCAL_MIGRATIONS_DIR'));
  if (seed) set('seed', parseBoolean('SUPABASE_LOCAL_SEED', seed, problems));
  if (fsync) set('fsync', parseBoolean('SUPABASE_LOCAL_FSYNC', fsync, problems));
  // The site's own SITE_URL (`npm start` always sets it) is auth's site_url (GOTRUE_SITE_URL): where
  // e-mail links and redirects go, the redirect allow-list, the passkey relying party, functions' SITE_URL.
  const siteUrl = text('SITE_URL');
  if (siteUrl) set('settings', { auth: { site_url: siteUrl } });
  set('rateLimitHeader', text('SUPABASE_LOCAL_RATE_LIMIT_HEADER'));
  set('jwtSecret', text('JWT_SECRET'));
  set('anonKey', text('ANON_KEY'));
  set('serviceRoleKey', text('SERVICE_ROLE_KEY'));
  const expiry = text('SUPABASE_LOCAL_RESUMABLE_EXPIRY');
  if (expiry) {
    const seconds = parseDuration(expiry);
    if (seconds === undefined || seconds <= 0) {
      problems.push(`SUPABASE_LOCAL_RESUMABLE_EXPIRY: "${expiry}" is not a duration such as 24h`);
    } else {
      set('resumableExpirySeconds', seconds);
    }
  }
  const wallClock = text('SUPABASE_LOCAL_FUNCTIONS_WALL_CLOCK');
  if (wallClock) {
    const seconds = parseDuration(wallClock);
    if (seconds === undefined || seconds <= 0) {
      problems.push(
        `SUPABASE_LOCAL_FUNCTIONS_WALL_CLOCK: "${wallClock}" is not a duration such as 150s`,
      );
    } else {
      set('functionsWallClockMs', seconds * 1000);
    }
  }
  const realtimeLimits = readRealtimeLimitsEnv(env, problems);
  if (Object.keys(realtimeLimits).length > 0) set('realtimeLimits', realtimeLimits);
  const passwordHashing = readPasswordHashEnv(env, problems);
  if (Object.keys(passwordHashing).length > 0) set('passwordHashing', passwordHashing);
  if (problems.length > 0) throw new ConfigError('environment', problems);
  return overrides;
}

/** The Supabase CLI renamed `[inbucket]` to `[local_smtp]` (2.108); both name the mailbox here. */
function withMailboxAlias(toml: unknown): unknown {
  if (!isRecord(toml) || !isRecord(toml['local_smtp'])) return toml;
  const { local_smtp: localSmtp, ...rest } = toml;
  return { ...rest, inbucket: mergeDeep(rest['inbucket'] ?? {}, localSmtp) };
}

function absolute(path: string, base: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}

/**
 * Loads and validates the configuration. Later sources win: config.toml < `overrides`
 * (callers merge environment and flags into it, flags last). Throws ConfigError listing every problem.
 */
export async function loadConfig(overrides: ConfigOverrides = {}): Promise<LocalConfig> {
  const configPath = absolute(overrides.configPath ?? 'supabase/config.toml', projectRoot);
  const source = relative(projectRoot, configPath);
  const named = overrides.configPath !== undefined;
  const toml = await readToml(configPath, named);
  const { settings, warnings } = reviewConfig(
    configFileSchema,
    mergeDeep(withMailboxAlias(substituteEnv(toml, process.env)), overrides.settings),
  );
  const parsed = configFileSchema.safeParse(settings);
  if (!parsed.success) throw new ConfigError(source, describeIssues(parsed.error.issues));
  const file = parsed.data;
  // The site's own origin is always a place to send the browser back to (GoTrue allows the site
  // URL's host too), whichever port SITE_URL names.
  const siteOrigin = `${new URL(file.auth.site_url).origin}/**`;
  if (!file.auth.additional_redirect_urls.includes(siteOrigin)) {
    file.auth.additional_redirect_urls.push(siteOrigin);
  }
  const supabaseDir = join(configPath, '..');
  if (overrides.port !== undefined) file.api.port = overrides.port;
  if (overrides.mailboxPort !== undefined) file.inbucket.port = overrides.mailboxPort;
  // An API on a free port (tests, benchmarks) takes free ones for the stand-ins as well, so two
  // such backends never compete for their default ports.
  const freeStandInPorts = file.api.port === 0;
  const dataDir =
    overrides.dataDir === null
      ? null
      : absolute(overrides.dataDir ?? '.supabase-local', projectRoot);
  const keys = await resolveKeys(overrides, source);
  const signingKeysPath = file.auth.signing_keys_path;
  if (typeof signingKeysPath === 'string' && signingKeysPath !== '') {
    // Relative to the supabase directory, as the CLI reads it.
    keys.signing = await readSigningKeys(absolute(signingKeysPath, supabaseDir), source);
  }
  return {
    ...file,
    local: {
      host: overrides.host ?? '127.0.0.1',
      dbPort:
        (overrides.serveDatabase ?? overrides.dbPort !== undefined)
          ? (overrides.dbPort ?? file.db.port)
          : null,
      dbIdleInTransactionMs: overrides.dbIdleInTransactionMs ?? 60_000,
      oidcPort: overrides.oidcPort ?? (freeStandInPorts ? 0 : null),
      dataDir,
      fsync: dataDir !== null && (overrides.fsync ?? true),
      migrationsDir: absolute(overrides.migrationsDir ?? 'migrations', supabaseDir),
      seed: overrides.seed ?? file.db.seed.enabled,
      seedPaths: file.db.seed.sql_paths.map((path) => absolute(path, supabaseDir)),
      supabaseDir,
      maxBodyBytes: Math.max(file.storage.file_size_limit, 1024 * 1024),
      keys,
      realtimeLimits: { ...defaultRealtimeLimits, ...overrides.realtimeLimits },
      passwordHashing: { ...defaultPasswordHashLimits(), ...overrides.passwordHashing },
      resumableExpirySeconds: overrides.resumableExpirySeconds ?? 24 * 3600,
      mfaRateLimitPerMinute: overrides.mfaRateLimitPerMinute ?? 15,
      rateLimitHeader: overrides.rateLimitHeader || null,
      functionsDir: absolute(overrides.functionsDir ?? 'functions', supabaseDir),
      // Hosted Supabase's free plan: 150 s (paid plans 400 s).
      functionsWallClockMs: overrides.functionsWallClockMs ?? 150_000,
      samlIdpPort: overrides.samlIdpPort ?? (freeStandInPorts ? 0 : 54331),
      ssoDir: absolute(overrides.ssoDir ?? 'sso', supabaseDir),
      warnings: warnings.map((warning) => `${source}: ${warning}`),
    },
  };
}

/** Where an e-mail template's content_path points (relative to the project root, as the CLI reads it). */
export function resolveTemplatePath(contentPath: string): string {
  return absolute(contentPath, projectRoot);
}
