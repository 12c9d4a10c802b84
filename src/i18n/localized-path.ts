import type { Locale } from './locales';

/**
 * The site path of a page in a locale: every route is prefixed with its locale and ends with a
 * slash (the build writes `…/index.html`). Segments are URL-encoded; slugs are ASCII already.
 *
 * @example localizedPath('de', 'articles', 'warum-sprachen-woerter-leihen') // '/de/articles/warum-sprachen-woerter-leihen/'
 * @example localizedPath('ar') // '/ar/'
 */
export function localizedPath(locale: Locale, ...segments: (string | number)[]): string {
  const parts = segments.map((segment) => {
    const text = String(segment);
    if (text === '' || text.includes('/')) {
      throw new Error(`Path segment must be non-empty and contain no "/": ${JSON.stringify(text)}`);
    }
    return encodeURIComponent(text);
  });
  return `/${[locale, ...parts].join('/')}/`;
}
