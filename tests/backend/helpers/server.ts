// A running local Supabase for one test suite: a private copy of the template database, random ports,
// and supabase-js clients wired to it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createClient,
  type SupabaseClient,
  type SupabaseClientOptions,
} from '@supabase/supabase-js';
import { start, type LocalSupabase, type StartOptions } from '../../../local-supabase/server.ts';
import { getTemplateDir } from './template.ts';

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  sentAt: string;
  type: string;
}

export interface TestServer {
  url: string;
  anonKey: string;
  serviceKey: string;
  mailboxUrl: string;
  server: LocalSupabase;
  /** A client as a browser has it (anon key, its own in-memory session storage). */
  client(options?: SupabaseClientOptions<'public'>): SupabaseClient;
  /** A client with the service_role key (auth.admin, bypasses RLS). */
  admin(): SupabaseClient;
  /** E-mails to one address (newest first), read through the mailbox's JSON API. */
  messages(to?: string): Promise<MailboxMessage[]>;
  /** Stops the server; the data directory stays until `stop({ keepData: false })` (default). */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Stops and starts again on the same data directory (persistence). */
  restart(options?: StartOptions): Promise<TestServer>;
}

/** Storage for a client's session that lives only as long as the client (no localStorage in Node). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    removeItem: (key: string) => {
      items.delete(key);
    },
  };
}

function wrap(server: LocalSupabase, dataDir: string, options: StartOptions): TestServer {
  const { url, keys } = server;
  const mailboxUrl = server.mailboxUrl ?? '';
  const testServer: TestServer = {
    url,
    anonKey: keys.anonKey,
    serviceKey: keys.serviceRoleKey,
    mailboxUrl,
    server,
    client(clientOptions = {}) {
      return createClient(url, keys.anonKey, {
        ...clientOptions,
        auth: {
          storage: memoryStorage(),
          autoRefreshToken: false,
          detectSessionInUrl: false,
          ...clientOptions.auth,
        },
      });
    },
    admin() {
      return createClient(url, keys.serviceRoleKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      });
    },
    async messages(to) {
      const query = to ? `?to=${encodeURIComponent(to)}` : '';
      const response = await fetch(`${mailboxUrl}/api/messages${query}`);
      return (await response.json()) as MailboxMessage[];
    },
    async stop(stopOptions = {}) {
      await server.stop();
      if (!stopOptions.keepData) await rm(dataDir, { recursive: true, force: true });
    },
    async restart(restartOptions = {}) {
      await server.stop();
      const merged = { ...options, ...restartOptions, dataDir, port: 0, mailboxPort: 0 };
      delete merged.templateDir;
      return wrap(await start(merged), dataDir, merged);
    },
  };
  return testServer;
}

/** A limit no test reaches. */
const PLENTY = 1_000_000;

/**
 * Auth's per-IP limits and e-mail budget, raised: every test signs in and sends mail from 127.0.0.1,
 * far more often than a person would. A suite that tests the limits sets its own numbers.
 */
type Settings = NonNullable<StartOptions['settings']>;

function withGenerousLimits(settings: Settings = {}): Settings {
  return {
    ...settings,
    auth: {
      ...settings.auth,
      // The development OpenID provider on a free port, as the API (config.toml names 54330).
      external: {
        ...settings.auth?.external,
        keycloak: {
          url: 'http://127.0.0.1:0/realms/polyglot',
          ...settings.auth?.external?.keycloak,
        },
      },
      rate_limit: {
        email_sent: PLENTY,
        anonymous_users: PLENTY,
        token_refresh: PLENTY,
        sign_in_sign_ups: PLENTY,
        token_verifications: PLENTY,
        ...settings.auth?.rate_limit,
      },
    },
  };
}

/**
 * Starts the local backend on free ports with a fresh copy of the migrated, seeded template.
 * `settings` overrides config.toml for this server, e.g. `{ auth: { email: { enable_confirmations: false } } }`.
 * Auth's rate limits are raised unless `settings.auth.rate_limit` names them.
 *
 * @example
 * const server = await startTestServer();
 * afterAll(() => server.stop());
 * const { data, error } = await server.client().auth.signInWithPassword({ email, password });
 */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  // A given data directory is reused when it holds data (a backend stopped and started again).
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'local-supabase-test-')));
  const startOptions: StartOptions = {
    port: 0,
    mailboxPort: 0,
    seed: true,
    // Tests keep PGlite's fast mode: a test data directory is thrown away, power loss is not a concern.
    fsync: false,
    // GoTrue's 15 MFA challenges and verifications a minute, raised as the other limits are.
    mfaRateLimitPerMinute: PLENTY,
    samlIdpPort: 0,
    ...options,
    settings: withGenerousLimits(options.settings),
    dataDir,
    templateDir: await getTemplateDir(),
  };
  return wrap(await start(startOptions), dataDir, startOptions);
}
