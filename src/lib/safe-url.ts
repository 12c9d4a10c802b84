/** A link target that is safe to put into `href`. */
export interface SafeLink {
  href: string;
  /** Leaves the site: gets `rel="noopener"`. */
  external: boolean;
}

const relativeBase = 'https://relative.invalid/';
const scheme = /^[a-z][a-z\d+.-]*:/i;

/**
 * Checks a link from content before it becomes an `href`: only http, https, mailto and relative
 * URLs pass; `javascript:`, `data:` and the like return null (render the text without a link).
 * The URL parser decides, so tricks such as `java\tscript:` or leading spaces are seen as
 * browsers see them.
 *
 * @example safeLink('https://example.org/a') // { href: 'https://example.org/a', external: true }
 * @example safeLink('javascript:alert(1)') // null
 */
export function safeLink(raw: string, siteOrigin?: string): SafeLink | null {
  // Browsers drop ASCII tabs and newlines anywhere in a URL and trim control characters and spaces.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  const href = raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (href === '') return null;
  let url: URL;
  try {
    url = new URL(href, relativeBase);
  } catch {
    return null;
  }
  if (!scheme.test(href)) {
    // Relative, unless it names another host (`//host`, `\\host`): those are refused.
    return url.origin === new URL(relativeBase).origin ? { href, external: false } : null;
  }
  if (url.protocol === 'mailto:') return { href: url.href, external: false };
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    return { href: url.href, external: url.origin !== siteOrigin };
  }
  return null;
}
