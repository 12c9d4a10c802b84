// The people the auth security cases are tried as: anonymous, the two seeded members, a member whose
// commenting is suspended, the moderator and the admin, each with a session of their own.
import { request as httpRequest } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { passSecondFactor, staffFactor } from '../helpers/second-factor.ts';
import type { TestServer } from '../helpers/server.ts';
import { demoPassword, demoUsers } from '../rls/demo.ts';

export const roles = [
  'anonymous',
  'member',
  'otherMember',
  'suspended',
  'moderator',
  'admin',
] as const;
export type Role = (typeof roles)[number];
export type SignedInRole = Exclude<Role, 'anonymous'>;
export const signedInRoles = roles.filter((role): role is SignedInRole => role !== 'anonymous');

export const suspendedUser = { email: 'suspended@example.com' } as const;

/** The address and password each signed-in role uses. */
export function credentialsOf(role: SignedInRole): { email: string; password: string } {
  const email = role === 'suspended' ? suspendedUser.email : demoUsers[role].email;
  return { email, password: demoPassword };
}

/** Adds the suspended member (commenting suspended for a day) that the seed does not have. */
export async function addSuspendedMember(server: TestServer): Promise<string> {
  const { data, error } = await server.admin().auth.admin.createUser({
    email: suspendedUser.email,
    password: demoPassword,
    email_confirm: true,
  });
  if (error) throw new Error(`creating the suspended member failed: ${error.message}`);
  await server.server.db.query(
    `update public.profiles set commenting_suspended_until = now() + interval '1 day' where id = $1`,
    [data.user.id],
  );
  return data.user.id;
}

export interface Session {
  client: SupabaseClient;
  accessToken: string;
  refreshToken: string;
  userId: string;
}

export async function signInAs(server: TestServer, role: SignedInRole): Promise<Session> {
  const client = server.client();
  const { data, error } = await client.auth.signInWithPassword(credentialsOf(role));
  if (error) throw new Error(`sign-in as ${role} failed: ${error.message}`);
  const factor = staffFactor(role);
  if (factor) await passSecondFactor(client, factor);
  const session = factor ? (await client.auth.getSession()).data.session : data.session;
  if (!session) throw new Error(`no session for ${role}`);
  return {
    client,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    userId: session.user.id,
  };
}

/** A raw auth request as auth-js sends it (JSON, API version announced). */
export async function authFetch(
  server: TestServer,
  path: string,
  init: { method?: string; body?: string; bearer?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${server.url}/auth/v1${path}`, {
    method: init.method ?? 'POST',
    headers: {
      apikey: server.anonKey,
      authorization: `Bearer ${init.bearer ?? server.anonKey}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: init.body }),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body, headers: response.headers };
}

/**
 * A raw auth request from another loopback address (127.0.0.2, …): per-IP limits see a different
 * client, as they would see another person's computer.
 */
export function authFetchFrom(
  localAddress: string,
  server: TestServer,
  path: string,
  init: { method?: string; body?: string; bearer?: string } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Record<string, unknown> }> {
  const url = new URL(`${server.url}/auth/v1${path}`);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? 'POST',
        localAddress,
        headers: {
          apikey: server.anonKey,
          authorization: `Bearer ${init.bearer ?? server.anonKey}`,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Record<string, unknown>;
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            body = { text };
          }
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
        });
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/** The codes (and their count) of a run of answers, e.g. `{ invalid_credentials: 30, over_request_rate_limit: 10 }`. */
export function tally(answers: { status: number; body: Record<string, unknown> }[]) {
  const counts: Record<string, number> = {};
  for (const { status, body } of answers) {
    const code = typeof body['code'] === 'string' ? body['code'] : String(status);
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}
