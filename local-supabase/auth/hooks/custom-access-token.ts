// The custom access token hook (`[auth.hook.custom_access_token]`, GoTrue's hooks/v0): before an
// access token is signed, a Postgres function receives {user_id, claims, authentication_method} as
// `supabase_auth_admin` (2 s statement timeout) and answers {claims} to sign, or {error:
// {http_code, message}} to refuse the sign-in. Only pg-functions:// hooks are called here.
import type { Database } from '../../db/database.ts';
import { quoteQualified } from '../../db/sql.ts';
import type { CustomAccessTokenHook } from '../../config/schema.ts';
import { authError } from '../errors.ts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** GoTrue checks these after the hook; a token without one of them is not issued. */
const REQUIRED = [
  'iss',
  'aud',
  'exp',
  'iat',
  'sub',
  'role',
  'aal',
  'session_id',
  'email',
  'phone',
  'is_anonymous',
];

type Claims = Record<string, unknown>;

function target(uri: string): [string, string] {
  const [, , , schema = '', fn = ''] = uri.split('/');
  return [schema, fn];
}

function failure(uri: string) {
  return authError(500, 'unexpected_failure', `Error running hook URI: ${uri}`);
}

export async function applyAccessTokenHook(
  db: Database,
  hook: CustomAccessTokenHook | undefined,
  event: { user_id: string; claims: Claims; authentication_method: string },
): Promise<Claims> {
  if (!hook?.enabled || !hook.uri) return event.claims;
  let output: { claims?: unknown; error?: { http_code?: number; message?: string } } | null;
  try {
    output = await db.transaction(async (tx) => {
      await tx.exec(`set local role supabase_auth_admin; set local statement_timeout = '2s'`);
      const { rows } = await tx.query<{ output: string | null }>(
        `select ${quoteQualified(...target(hook.uri))}($1::jsonb)::text as output`,
        [JSON.stringify(event)],
      );
      return JSON.parse(rows[0]?.output ?? 'null') as typeof output;
    });
  } catch {
    throw failure(hook.uri);
  }
  if (output?.error) {
    const status = output.error.http_code ?? 500;
    throw authError(
      (status >= 400 && status < 600 ? status : 500) as ContentfulStatusCode,
      'unexpected_failure',
      output.error.message ?? 'Error running hook',
    );
  }
  const claims = output?.claims;
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw authError(500, 'unexpected_failure', 'output claims field is missing');
  }
  const missing = REQUIRED.filter((name) => !(name in claims));
  if (missing.length > 0) {
    throw authError(
      500,
      'unexpected_failure',
      `output claims do not conform to the expected schema: missing ${missing.join(', ')}`,
    );
  }
  return claims as Claims;
}
