// The custom access token hook (`[auth.hook.custom_access_token]`, GoTrue's hooks/v0): before an
// access token is signed, the hook (a Postgres function or an HTTP endpoint, see run-hook.ts)
// receives {user_id, claims, authentication_method} and answers {claims} to sign, or {error:
// {http_code, message}} to refuse the sign-in.
import type { AuthHook } from '../../config/schema.ts';
import { authError } from '../errors.ts';
import { runHook, type HookDeps } from './run-hook.ts';

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

export async function applyAccessTokenHook(
  deps: HookDeps,
  hook: AuthHook | undefined,
  event: { user_id: string; claims: Claims; authentication_method: string },
): Promise<Claims> {
  if (!hook?.enabled || !hook.uri) return event.claims;
  const output = await runHook(deps, hook, event);
  if (!('claims' in output)) {
    throw authError(500, 'unexpected_failure', 'output claims field is missing');
  }
  const claims = output['claims'];
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
