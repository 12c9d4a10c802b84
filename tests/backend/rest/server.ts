// The REST suites' view of the shared test harness: supabase-js clients acting as anon, the service
// role, or any user (an access token signed with the project's JWT secret, as the auth service issues).
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import type { Database } from '../../../local-supabase/db/database.ts';
import { secondFactorClaims, userClaims } from '../helpers/database.ts';
import { startTestServer } from '../helpers/server.ts';
import { createFixtures } from './fixtures.ts';

export type Client = ReturnType<typeof client>;

/** One column of the rows a query returned (untyped clients give `any` rows). */
export function pluck(data: unknown, key: string): unknown[] | undefined {
  return Array.isArray(data) ? data.map((row) => (row as Record<string, unknown>)[key]) : undefined;
}

/**
 * `.maxAffected(n)`: supabase-js types it only for clients declared for PostgREST 13 (an untyped
 * client gets an error type), but sends the same `Prefer: handling=strict, max-affected=n` to all.
 */
export function withMaxAffected<T>(builder: T, rows: number): T {
  return (builder as unknown as { maxAffected(rows: number): T }).maxAffected(rows);
}

export interface RestServer {
  url: string;
  /** `<url>/rest/v1`, for requests sent with fetch. */
  rest: string;
  anonKey: string;
  serviceKey: string;
  /** The server's database, used as the superuser to set up and check fixtures. */
  db: Database;
  anon(): Client;
  service(): Client;
  /** A client whose requests carry `token` as the bearer. */
  withToken(token: string): Client;
  /** A signed access token for a user, as the auth service would issue. */
  /** An access token of this user; `secondFactor`: a session past its second factor (aal2). */
  tokenFor(
    userId: string,
    options?: { expiresIn?: number; secondFactor?: boolean },
  ): Promise<string>;
  stop(): Promise<void>;
}

function client(url: string, key: string, token?: string) {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
}

/** A REST server; `options` go to startTestServer (e.g. `settings` in config.toml's shape). */
export async function startRestServer(
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<RestServer> {
  const harness = await startTestServer(options);
  const { url, anonKey, serviceKey } = harness;
  const secret = new TextEncoder().encode(harness.server.keys.jwtSecret);
  return {
    url,
    rest: `${url}/rest/v1`,
    anonKey,
    serviceKey,
    db: harness.server.db,
    anon: () => client(url, anonKey),
    service: () => client(url, serviceKey),
    withToken: (token) => client(url, anonKey, token),
    async tokenFor(userId, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const claims = options.secondFactor ? secondFactorClaims(userId) : userClaims(userId);
      return new SignJWT({ ...claims, exp: now + (options.expiresIn ?? 3600) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(secret);
    },
    stop: () => harness.stop(),
  };
}

/** A REST server holding the shared fixtures (authors, books, functions) the REST suites read and write. */
export async function startFixtureServer(): Promise<RestServer> {
  const server = await startRestServer();
  await createFixtures(server.db);
  return server;
}
