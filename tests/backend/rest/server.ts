// A running local Supabase for the REST suites (a private copy of the template database), with
// supabase-js clients acting as anon, the service role, or any user (a token signed with the JWT secret).
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import type { Database } from '../../../local-supabase/db/database.ts';
import { start, type LocalSupabase } from '../../../local-supabase/server.ts';
import { userClaims } from '../helpers/database.ts';
import { getTemplateDir } from '../helpers/template.ts';

export type Client = ReturnType<typeof client>;

/** One column of the rows a query returned (untyped clients give `any` rows). */
export function pluck(data: unknown, key: string): unknown[] | undefined {
  return Array.isArray(data) ? data.map((row) => (row as Record<string, unknown>)[key]) : undefined;
}

export interface RestServer {
  url: string;
  rest: string;
  anonKey: string;
  serviceKey: string;
  db: Database;
  anon(): Client;
  service(): Client;
  /** A client whose requests carry `token` as the bearer. */
  withToken(token: string): Client;
  /** A signed access token for a user, as the auth service would issue. */
  tokenFor(userId: string, options?: { expiresIn?: number; secret?: string }): Promise<string>;
  stop(): Promise<void>;
}

function client(url: string, key: string, token?: string) {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
}

export async function startRestServer(): Promise<RestServer> {
  const server: LocalSupabase = await start({
    templateDir: await getTemplateDir(),
    dataDir: null,
    port: 0,
    mailboxPort: 0,
  });
  const { url, keys } = server;
  return {
    url,
    rest: `${url}/rest/v1`,
    anonKey: keys.anonKey,
    serviceKey: keys.serviceRoleKey,
    db: server.db,
    anon: () => client(url, keys.anonKey),
    service: () => client(url, keys.serviceRoleKey),
    withToken: (token) => client(url, keys.anonKey, token),
    async tokenFor(userId, options = {}) {
      const claims = userClaims(userId);
      const now = Math.floor(Date.now() / 1000);
      const secret = new TextEncoder().encode(options.secret ?? keys.jwtSecret);
      return new SignJWT({ ...claims, exp: now + (options.expiresIn ?? 3600) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(secret);
    },
    stop: () => server.stop(),
  };
}
