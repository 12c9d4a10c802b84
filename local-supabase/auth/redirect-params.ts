// What GoTrue puts in the address it sends a browser back to after a sign-in by link, provider or
// SAML: the session in the fragment (`AccessTokenResponse.AsRedirectURL`), the PKCE auth code in the
// query (`prepPKCERedirectURL`), the error of a failed sign-in (`getErrorQueryString`), the OAuth
// error names for HTTP statuses (internal/api/errors.go `oauthErrorMap`), in Go's sorted order.
import { ServiceError } from '../http/errors.ts';
import { OAuthError } from './errors.ts';
import type { SessionResponse } from './sessions.ts';

/** GoTrue's `oauthErrorMap`; other statuses answer `server_error`. */
export const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** Go's url.Values.Encode sorts the keys; the client reads the fragment either way. */
export function sortedParams(values: Record<string, string>): string {
  return new URLSearchParams(
    Object.entries(values).sort(([a], [b]) => a.localeCompare(b)),
  ).toString();
}

/**
 * The session in the fragment, next to any extra values (a provider's tokens, a link's `type`).
 *
 * @example
 * sessionRedirectUrl('https://site.example/en/', session, { type: 'signup' })
 * // 'https://site.example/en/#access_token=…&expires_at=…&expires_in=3600&refresh_token=…&token_type=bearer&type=signup'
 */
export function sessionRedirectUrl(
  target: string,
  session: Pick<
    SessionResponse,
    'access_token' | 'expires_at' | 'expires_in' | 'refresh_token' | 'token_type'
  >,
  extra: Record<string, string> = {},
): string {
  const fragment = sortedParams({
    ...extra,
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
  });
  return `${target}#${fragment}`;
}

/** The PKCE flow's auth code added to the query, for the client to exchange with its verifier. */
export function codeRedirectUrl(target: string, code: string): string {
  const url = new URL(target);
  url.searchParams.set('code', code);
  return url.toString();
}

/** Errors a person caused by what they are (no sign-ups, banned, unverified): `access_denied`. */
const DENIED = new Set(['signup_disabled', 'user_banned', 'provider_email_needs_verification']);

/**
 * What a failed outside sign-in adds to the address it goes back to (GoTrue `getErrorQueryString`,
 * shared by the OAuth callback and the SAML ACS): `error` (the provider's own, or the OAuth name for
 * the status), `error_code` and `error_description`.
 */
export function errorParams(error: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (error instanceof OAuthError) {
    params.set('error', error.error);
    params.set('error_description', error.message);
  } else if (error instanceof ServiceError) {
    params.set(
      'error',
      DENIED.has(error.code) ? 'access_denied' : (OAUTH_ERRORS[error.status] ?? 'server_error'),
    );
    params.set('error_code', error.code);
    params.set('error_description', error.message);
  } else {
    params.set('error', 'server_error');
    params.set('error_description', error instanceof Error ? error.message : String(error));
  }
  return params;
}

/** `target` with the failed sign-in's error added to its query, what it had there kept. */
export function withErrorQuery(target: string, error: unknown): URL {
  const url = new URL(target);
  for (const [key, value] of errorParams(error)) url.searchParams.set(key, value);
  return url;
}
