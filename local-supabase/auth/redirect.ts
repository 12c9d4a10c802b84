// Where e-mail links and /verify may send the browser: the site URL's host or a pattern from
// additional_redirect_urls (GoTrue `IsRedirectURLValid`); anything else falls back to the site URL.
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

export function isRedirectAllowed(url: string, config: LocalConfig): boolean {
  if (!url) return false;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (new URL(config.auth.site_url).hostname === target.hostname) return true;
  return config.auth.additional_redirect_urls.some((pattern) => globToRegExp(pattern).test(url));
}

/** The `redirect_to` to use: the requested one when allowed, else the site URL. */
export function resolveRedirect(requested: string | undefined, config: LocalConfig): string {
  return requested && isRedirectAllowed(requested, config) ? requested : config.auth.site_url;
}
