// Which images of an article page the service worker keeps with the page (src/offline/): the
// site's own (the local dataset's, through Astro's image pipeline) and, for hosted content, those
// on Sanity's image CDN. No other origin's: a page only shows images from these two (its
// Content-Security-Policy's img-src says the same).

/** Image origins besides the site's own whose images are kept with an article. */
export const imageHosts: readonly string[] = ['https://cdn.sanity.io'];

/** The browser's `Accept` for images (Chromium's): hosted images come in the format it names. */
export const imageAccept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/** True for an image the worker may keep: the site's own, or on an image host. */
export function isKeptImageOrigin(url: URL, siteOrigin: string): boolean {
  return url.origin === siteOrigin || imageHosts.includes(url.origin);
}

/**
 * The images of an article's text and cover (`<article>`, every width of each `srcset`) that are
 * kept with it, as absolute URLs; images elsewhere on the page (related articles' cards) are not.
 *
 * @example keptImageUrls('<article><img src="/_astro/a.webp"></article>', 'https://example.org')
 *   // ['https://example.org/_astro/a.webp']
 */
export function keptImageUrls(html: string, siteOrigin: string): string[] {
  const article = /<article\b[\s\S]*?<\/article>/.exec(html)?.[0] ?? '';
  const urls = new Set<string>();
  for (const [, attribute, value = ''] of article.matchAll(/\s(src|srcset)="([^"]+)"/g)) {
    const candidates =
      attribute === 'srcset'
        ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '')
        : [value];
    for (const candidate of candidates) {
      if (candidate === '') continue;
      const url = parseUrl(candidate.replaceAll('&amp;', '&'), siteOrigin);
      if (url && isKeptImageOrigin(url, siteOrigin)) urls.add(url.href);
    }
  }
  return [...urls];
}

function parseUrl(text: string, base: string): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}
