import { describe, expect, it } from 'vitest';
import { hostedImageSources, usableWidths } from '../../src/lib/hosted-images';
import { articleJsonLd, serializeJsonLd } from '../../src/lib/json-ld';
import { readingMinutes } from '../../src/lib/reading-time';
import { buildContent, image } from './helpers/site-content';

describe('JSON-LD', () => {
  const [article] = buildContent({
    articles: [{ key: 'x', slugs: { en: 'x' }, publishedAt: '2026-03-14T09:00:00Z' }],
  }).articles.en;
  if (article === undefined) throw new Error('fixture');

  it('describes the article shown on the page', () => {
    const data = articleJsonLd({
      article: { ...article, seo: { title: 'SEO title', description: null } },
      url: 'https://press.example/en/articles/x/',
      imageUrl: 'https://press.example/cover.jpg',
      authorUrl: 'https://press.example/en/authors/amara-okafor/',
      publisher: 'Polyglot Press',
    });
    expect(data).toMatchObject({
      '@type': 'Article',
      headline: 'SEO title',
      description: 'Excerpt of x',
      inLanguage: 'en',
      datePublished: '2026-03-14T09:00:00Z',
      dateModified: '2026-03-14T09:00:00Z',
    });
  });

  it('cannot be ended early by a title containing </script>', () => {
    const json = serializeJsonLd({ headline: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ headline: '</script><script>alert(1)</script>' });
  });
});

describe('hosted images', () => {
  it('offer one CDN candidate per width, never wider than the original', () => {
    expect(usableWidths([1600, 400, 800, 400], 1200)).toEqual([400, 800, 1200]);
    const { src, srcset } = hostedImageSources(
      { ...image('cover'), assetId: 'image-abc123-1200x675-jpg' },
      [400, 800],
      {
        kind: 'sanity',
        projectId: 'p1',
        dataset: 'production',
      },
    );
    expect(srcset.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual([
      '400w',
      '800w',
      '1200w',
    ]);
    expect(src).toBe(
      'https://cdn.sanity.io/images/p1/production/abc123-1200x675.jpg?w=1200&fit=max&auto=format',
    );
  });
});

describe('reading time', () => {
  const paragraph = (words: number) => ({
    _type: 'block',
    _key: 'k',
    children: [
      {
        _type: 'span',
        _key: 's',
        text: Array.from({ length: words }, () => 'word').join(' '),
        marks: [],
      },
    ],
    markDefs: [],
    style: 'normal',
  });

  it('counts prose and code at 220 words a minute, at least one minute', () => {
    expect(readingMinutes([])).toBe(1);
    expect(readingMinutes([paragraph(660)])).toBe(3);
    expect(
      readingMinutes([
        paragraph(440),
        { _type: 'code', _key: 'c', language: 'js', code: 'a b '.repeat(110) } as never,
      ]),
    ).toBe(3);
  });
});
