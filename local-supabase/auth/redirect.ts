// Where e-mail links and /verify may send the browser: the site URL's host or a pattern from
// additional_redirect_urls (GoTrue `IsRedirectURLValid`); anything else falls back to the site URL.
// Patterns are matched on the parsed URL, part by part (scheme, host, port, path): matched against the
// raw string, the `*` of `http://localhost:*/**` also matched `x@1.1.1.1`, a user name in front of
// another host.
import type { LocalConfig } from '../config/config.ts';

/**
 * GoTrue's glob (gobwas/glob with separators `.` and `/`): `**` spans anything, `*` and `?` stay within
 * one host label or path segment.
 */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? '';
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^./]*';
    else if (char === '?') source += '[^./]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

interface UrlPattern {
  scheme: string;
  host: RegExp;
  /** Null: the pattern names no port, so the URL must have none (its scheme's default). */
  port: RegExp | null;
  rest: RegExp;
}

// scheme://host[:port]rest, where host is a name, a glob or a bracketed IPv6 address.
const PATTERN = /^([a-z][a-z0-9+.-]*):\/\/(\[[^\]]*\]|[^/?#:@]*)(?::([^/?#@]*))?([/?#].*)?$/i;

/** Splits a pattern into its parts; a pattern with a user name or an odd shape matches nothing. */
function parsePattern(pattern: string): UrlPattern | null {
  const match = PATTERN.exec(pattern);
  if (!match) return null;
  const [, scheme = '', host = '', port, rest = '/'] = match;
  return {
    scheme: scheme.toLowerCase(),
    host: globToRegExp(host.toLowerCase()),
    port: port === undefined ? null : globToRegExp(port),
    rest: globToRegExp(rest),
  };
}

function matchesPattern(target: URL, pattern: UrlPattern): boolean {
  if (target.protocol !== `${pattern.scheme}:`) return false;
  if (!pattern.host.test(target.hostname)) return false;
  // URL drops the scheme's default port; a `*` port also matches that.
  if (pattern.port === null ? target.port !== '' : !pattern.port.test(target.port)) return false;
  return pattern.rest.test(`${target.pathname}${target.search}${target.hash}`);
}

export function isRedirectAllowed(url: string, config: LocalConfig): boolean {
  if (!url) return false;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  // A user name or password in a redirect serves only to disguise the host.
  if (target.username !== '' || target.password !== '') return false;
  if (new URL(config.auth.site_url).hostname === target.hostname) return true;
  return config.auth.additional_redirect_urls.some((text) => {
    const pattern = parsePattern(text);
    return pattern !== null && matchesPattern(target, pattern);
  });
}

/** The `redirect_to` to use: the requested one when allowed, else the site URL. */
export function resolveRedirect(requested: string | undefined, config: LocalConfig): string {
  return requested && isRedirectAllowed(requested, config) ? requested : config.auth.site_url;
}
