/**
 * What a failed request tells the island: PostgREST's error shape (`code` is the SQLSTATE, `message`
 * the database's machine-readable key such as `rate_limited`, `hint` its detail), or `offline`
 * when the request never reached the server. The UI turns it into a translated message.
 */
export interface ApiFailure {
  code: string;
  message: string;
  hint: string | null;
}

export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiFailure };

interface PostgrestLikeError {
  code?: string;
  message?: string;
  hint?: string | null;
}

/**
 * supabase-js resolves failed requests with `{ error }`; a network failure has no SQLSTATE (code
 * '' and a fetch error message), which the island reports as being offline.
 */
export function failure(error: PostgrestLikeError): { ok: false; error: ApiFailure } {
  const code = error.code ?? '';
  return {
    ok: false,
    error: {
      code: code === '' ? 'offline' : code,
      message: code === '' ? 'offline' : (error.message ?? ''),
      hint: error.hint ?? null,
    },
  };
}

export function success<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}
