/**
 * The two files static hosts read from the site's root (Netlify, Cloudflare Pages), so that the
 * server of `npm start` answers as a deployment does: `_headers` (response headers per path) and,
 * of `_redirects`, the not-found rules (`/de/*  /de/404/  404`: a missing page under a locale gets
 * that locale's not-found page, with status 404). One configuration, read by both.
 */

export interface HeaderRule {
  /** A path, or a prefix when the pattern ends with `*`. */
  pattern: string;
  headers: [name: string, value: string][];
}

export interface NotFoundRule {
  pattern: string;
  /** Site path of the page to answer with, e.g. `/de/404/`. */
  page: string;
}

/**
 * @example parseHeaders('/*\n  X-Content-Type-Options: nosniff') // [{ pattern: '/*', headers: [['X-Content-Type-Options', 'nosniff']] }]
 */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of meaningfulLines(text)) {
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules.at(-1);
    if (rule === undefined || separator === -1) throw new Error(`_headers: cannot read "${line}"`);
    rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}

/** The `_redirects` rules with status 404; other redirects are left to the host. */
export function parseNotFoundRules(text: string): NotFoundRule[] {
  return meaningfulLines(text)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[2] === '404' && fields[0] !== undefined && fields[1] !== undefined)
    .map(([pattern = '', page = '']) => ({ pattern, page }));
}

export function matches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}

/** Headers for a path: every matching rule's, in file order (a later rule wins a name). */
export function headersFor(rules: HeaderRule[], path: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    if (matches(rule.pattern, path))
      for (const [name, value] of rule.headers) headers.set(name, value);
  }
  return headers;
}

/** The not-found page for a missing path: the first matching rule's, else the root `/404.html`. */
export function notFoundPageFor(rules: NotFoundRule[], path: string): string {
  return rules.find((rule) => matches(rule.pattern, path))?.page ?? '/404.html';
}

function meaningfulLines(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
}
