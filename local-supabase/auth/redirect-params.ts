// What GoTrue puts in the address it sends a browser back to: the OAuth error names for HTTP
// statuses (internal/api/errors.go `oauthErrorMap`) and parameters in Go's sorted order.

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
