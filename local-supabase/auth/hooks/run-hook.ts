// Runs an auth hook by its URI's scheme (GoTrue's v0hooks manager): any failure to call it is
// answered as GoTrue does, 500 "Error running hook URI: <uri>", with the cause in the log; an answer
// `{error: {http_code, message}}` is the request's error with that status (500 unless 4xx/5xx).
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AuthHook } from '../../config/schema.ts';
import type { Database } from '../../db/database.ts';
import type { Log } from '../../http/log.ts';
import { authError } from '../errors.ts';
import { callHttpHook } from './http.ts';
import { callPgFunctionHook } from './pg-function.ts';

export interface HookDeps {
  db: Database;
  log?: Log;
}

type HookError = { http_code?: unknown; message?: unknown };

/** The hook's answer as an object (`{}` for none), once it is not an error. */
export async function runHook(
  deps: HookDeps,
  hook: AuthHook,
  input: unknown,
): Promise<Record<string, unknown>> {
  let output: unknown;
  try {
    output = hook.uri.startsWith('pg-functions:')
      ? await callPgFunctionHook(deps.db, hook.uri, input)
      : await callHttpHook(hook.uri, hook.secrets, input);
  } catch (error) {
    deps.log?.(`auth hook ${hook.uri} errored out`, String(error));
    throw authError(500, 'unexpected_failure', `Error running hook URI: ${hook.uri}`);
  }
  const result = (typeof output === 'object' && output !== null ? output : {}) as Record<
    string,
    unknown
  >;
  const error = result['error'] as HookError | undefined;
  if (error && typeof error === 'object') {
    const code = typeof error.http_code === 'number' ? error.http_code : 500;
    throw authError(
      (code >= 400 && code < 600 ? code : 500) as ContentfulStatusCode,
      'unexpected_failure',
      typeof error.message === 'string' ? error.message : 'Error running hook',
    );
  }
  return result;
}
