/**
 * The incremental build reuses a page when its route and `readOutsideRoute` are unchanged
 * (src/lib/page-cache-key.ts). A component that starts reading another part of the content
 * directly would be left stale: this fails first, naming the file and the part.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageCacheKey, readOutsideRoute } from '../../src/lib/page-cache-key';
import { getRoutes } from '../../src/lib/routing';
import { buildContent, manyArticles } from './helpers/site-content';

/** The files that render keyed pages: their page files, layouts and every component. */
const keyedPageSources = [
  'src/pages/[locale]/index.astro',
  'src/pages/[locale]/[slug].astro',
  ...['articles', 'authors', 'categories'].flatMap((folder) =>
    readdirSync(join('src/pages/[locale]', folder), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.astro'))
      .map((file) => join('src/pages/[locale]', folder, file)),
  ),
  ...['src/layouts', 'src/components'].flatMap((folder) =>
    readdirSync(folder, { recursive: true })
      .map(String)
      .filter((file) => /\.(astro|tsx?)$/.test(file))
      .map((file) => join(folder, file)),
  ),
];

describe('what keyed pages read from the content besides their route', () => {
  it('is only the parts in the cache key', () => {
    const reads: string[] = [];
    for (const file of keyedPageSources) {
      const source = readFileSync(file, 'utf8');
      for (const [, part] of source.matchAll(/(?:\bcontent|getSiteContent\(\)\))\.(\w+)/g)) {
        reads.push(`${file}: ${part}`);
      }
      // Any other use of the whole content (destructuring, handing it to a function) is unknown.
      for (const [use] of source.matchAll(/getSiteContent\(\)(?!\)\.)[^\n]*/g)) {
        if (!/^getSiteContent\(\)\);?$|^getSiteContent\(\);$/.test(use) && !use.includes(', ')) {
          reads.push(`${file}: ${use}`);
        }
      }
    }
    const allowed = new Set<string>(readOutsideRoute);
    expect(reads.filter((read) => !allowed.has(read.slice(read.indexOf(': ') + 2)))).toEqual([]);
    expect(reads.length).toBeGreaterThan(0);
  });
});

describe('the cache key', () => {
  const content = buildContent({
    categories: [{ key: 'language', slugs: { en: 'language', de: 'sprache' } }],
    articles: manyArticles(5, ['en', 'de']).map((article) => ({
      ...article,
      categories: ['language'],
    })),
    pages: [{ key: 'about', slugs: { en: 'about', de: 'ueber-uns' } }],
  });

  it('differs where the route differs, and pages that read more than their route have none', () => {
    const routes = getRoutes(content);
    const keys = routes.map((route) => pageCacheKey(content, route));
    const keyed = keys.filter((key) => key !== undefined);
    expect(new Set(keyed).size).toBe(keyed.length);
    for (const route of routes.filter((candidate) => candidate.kind === 'account')) {
      expect(pageCacheKey(content, route)).toBeUndefined();
    }
  });

  it("changes on an author's article pages when their bio changes, and not on another author's", () => {
    const twoAuthors = buildContent({
      authors: ['amara-okafor', 'lena-vogel'],
      articles: [
        {
          key: 'hers',
          slugs: { en: 'hers' },
          author: 'amara-okafor',
          publishedAt: '2026-11-01T09:00:00Z',
        },
        {
          key: 'his',
          slugs: { en: 'his' },
          author: 'lena-vogel',
          publishedAt: '2026-11-02T09:00:00Z',
        },
      ],
    });
    const rebio = {
      ...twoAuthors,
      authors: twoAuthors.authors.map((author) =>
        author.slug === 'amara-okafor' ? { ...author, bio: { ...author.bio, de: 'Neu' } } : author,
      ),
    };
    const keyOf = (content: typeof twoAuthors, slug: string) => {
      const route = getRoutes(content).find(
        (candidate) => candidate.kind === 'article' && candidate.article.slug === slug,
      );
      return route && pageCacheKey(content, route);
    };
    expect(keyOf(rebio, 'hers')).not.toBe(keyOf(twoAuthors, 'hers'));
    expect(keyOf(rebio, 'his')).toBe(keyOf(twoAuthors, 'his'));
  });

  it('changes on every page when the settings change', () => {
    const [route] = getRoutes(content).filter((candidate) => candidate.kind === 'article');
    const changed = { ...content, settings: { ...content.settings } };
    changed.settings.en = { ...changed.settings.en, footer: 'Another footer' };
    expect(route).toBeDefined();
    if (route) expect(pageCacheKey(changed, route)).not.toBe(pageCacheKey(content, route));
  });
});
