// Runs an auth hook by its URI's scheme (GoTrue's v0hooks manager). A call that fails with one of
// GoTrue's API errors (the HTTP hook's `hook_timeout`, `hook_timeout_after_retry`, …) is the request's
// error as it is; any other failure (a Postgres function that raises) is 500 "Error running hook
// URI: <uri>", with the cause in the log. An answer `{error: {http_code, message}}` with a message is
// the request's error with that status (500 without one): code `unexpected_failure` for a 500,
// `unknown` otherwise, as GoTrue renders an error without a code.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AuthHook } from '../../config/schema.ts';
import type { Database, Tx } from '../../db/database.ts';
import { ServiceError } from '../../http/errors.ts';
import type { Log } from '../../http/log.ts';
import { authError } from '../errors.ts';
import { callHttpHook } from './http.ts';
import { callPgFunctionHook } from './pg-function.ts';

export interface HookDeps {
  db: Database;
  log?: Log;
}

type HookError = { http_code?: unknown; message?: unknown };

function answeredError(result: Record<string, unknown>): ServiceError | null {
  const error = result['error'] as HookError | undefined;
  // GoTrue (hookerrors.Check) takes an error without a message for no error.
  if (!error || typeof error !== 'object' || typeof error.message !== 'string') return null;
  if (error.message === '') return null;
  const given = typeof error.http_code === 'number' ? error.http_code : 500;
  const status = (given >= 400 && given < 600 ? given : 500) as ContentfulStatusCode;
  return authError(status, status === 500 ? 'unexpected_failure' : 'unknown', error.message);
}

/**
 * The hook's answer as an object (`{}` for none), once it is not an error. `tx`, when given, is the
 * request's transaction: a Postgres function hook runs inside it (GoTrue passes its own).
 */
export async function runHook(
  deps: HookDeps,
  hook: AuthHook,
  input: unknown,
  tx?: Tx,
): Promise<Record<string, unknown>> {
  let output: unknown;
  try {
    output = hook.uri.startsWith('pg-functions:')
      ? await callPgFunctionHook(deps.db, hook.uri, input, tx)
      : await callHttpHook(hook.uri, hook.secrets, input);
  } catch (error) {
    deps.log?.(`auth hook ${hook.uri} errored out`, String(error));
    if (error instanceof ServiceError) throw error;
    throw authError(500, 'unexpected_failure', `Error running hook URI: ${hook.uri}`);
  }
  const result = (typeof output === 'object' && output !== null ? output : {}) as Record<
    string,
    unknown
  >;
  const error = answeredError(result);
  if (error) throw error;
  return result;
}
