import { describe, expect, it } from 'vitest';
import { pageNumberLinks } from '../../src/lib/pagination-links';

describe('page-number links of an article list', () => {
  it('links every page with its label and marks only the current one', () => {
    const paths = ['/en/articles/', '/en/articles/page/2/', '/en/articles/page/3/'];
    expect(pageNumberLinks('en', paths, 2)).toBe(
      '<li><a href="/en/articles/" aria-label="Page 1">1</a></li>' +
        '<li><a href="/en/articles/page/2/" aria-label="Page 2" aria-current="page">2</a></li>' +
        '<li><a href="/en/articles/page/3/" aria-label="Page 3">3</a></li>',
    );
    // The same list from another page: built once, only the current mark moves.
    expect(pageNumberLinks('en', paths, 3)).toContain(
      '<a href="/en/articles/page/3/" aria-label="Page 3" aria-current="page">3</a>',
    );
    expect(pageNumberLinks('en', paths, 3)).not.toContain('aria-label="Page 2" aria-current');
  });

  it('writes numbers and labels in the locale', () => {
    const paths = Array.from({ length: 1234 }, (_, index) => `/de/articles/page/${index + 1}/`);
    expect(pageNumberLinks('de', paths, 1)).toContain(
      '<a href="/de/articles/page/1234/" aria-label="Seite 1.234">1.234</a>',
    );
  });

  it('escapes paths as Astro escapes attributes, so a quote cannot end the attribute', () => {
    expect(pageNumberLinks('en', ['/en/a&b"c/<d>/'], 1)).toBe(
      '<li><a href="/en/a&amp;b&quot;c/<d>/" aria-label="Page 1" aria-current="page">1</a></li>',
    );
  });
});
