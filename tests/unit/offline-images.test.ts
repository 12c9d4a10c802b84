import { describe, expect, it } from 'vitest';
import { isKeptImageOrigin, keptImageUrls } from '../../src/offline/article-images';

const site = 'https://press.example';

/** An article page as the build writes it: the article, then related articles' cards. */
function page(article: string, after = ''): string {
  return `<html><body><header><img src="/icons/logo.png"></header><main><article>${article}</article>${after}</main></body></html>`;
}

describe('the images kept with an article for reading offline', () => {
  it('keeps the local dataset’s cover in every width of its srcset', () => {
    const html = page(
      '<img src="/_astro/cover_800.webp" srcset="/_astro/cover_480.webp 480w, /_astro/cover_800.webp 800w" class="cover">',
    );
    expect(keptImageUrls(html, site)).toEqual([
      `${site}/_astro/cover_800.webp`,
      `${site}/_astro/cover_480.webp`,
    ]);
  });

  it('keeps hosted covers on Sanity’s CDN, with their query as the browser asks for it', () => {
    const base = 'https://cdn.sanity.io/images/proj/production/abc-1600x900.jpg';
    const html = page(
      `<img src="${base}?w=1600&amp;fit=max&amp;auto=format" srcset="${base}?w=480&amp;fit=max&amp;auto=format 480w, ${base}?w=1600&amp;fit=max&amp;auto=format 1600w">`,
    );
    expect(keptImageUrls(html, site)).toEqual([
      `${base}?w=1600&fit=max&auto=format`,
      `${base}?w=480&fit=max&auto=format`,
    ]);
  });

  it('keeps images in the article’s text, not those of the header or of related articles', () => {
    const html = page(
      '<p>Text</p><figure><img src="/_astro/inline.webp"></figure>',
      '<article class="card"><img src="/_astro/related.webp"></article>',
    );
    expect(keptImageUrls(html, site)).toEqual([`${site}/_astro/inline.webp`]);
  });

  it('keeps no image of another origin than the site and Sanity’s CDN', () => {
    const html = page(
      '<img src="https://tracker.example/pixel.gif"><img src="http://cdn.sanity.io/images/x.jpg"><img src="https://cdn.sanity.io.evil.example/x.jpg">',
    );
    expect(keptImageUrls(html, site)).toEqual([]);
  });

  it('finds nothing in a page without an article', () => {
    expect(keptImageUrls('<html><body><img src="/a.png"></body></html>', site)).toEqual([]);
  });
});

describe('the image origins the service worker keeps', () => {
  it('are the site’s own and Sanity’s CDN', () => {
    expect(isKeptImageOrigin(new URL('/_astro/a.webp', site), site)).toBe(true);
    expect(isKeptImageOrigin(new URL('https://cdn.sanity.io/images/a.jpg'), site)).toBe(true);
    expect(isKeptImageOrigin(new URL('https://example.org/a.jpg'), site)).toBe(false);
  });
});
