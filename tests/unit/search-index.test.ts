import { matchesGlob } from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchableFiles } from '../../src/lib/search-index';
import { getRoutes } from '../../src/lib/routing';
import { buildContent, manyArticles } from './helpers/site-content';

/** The file Astro writes for a route: `/de/articles/x/` → `de/articles/x/index.html`. */
const fileOf = (path: string) => `${path.slice(1)}index.html`;

const routes = getRoutes(
  buildContent({
    categories: [{ key: 'language', slugs: { en: 'language', de: 'sprache', ar: 'lugha' } }],
    articles: manyArticles(30, ['en', 'de', 'fr']).map((article) => ({
      ...article,
      categories: ['language'],
    })),
    pages: [{ key: 'about', slugs: { en: 'about', de: 'ueber-uns', fr: 'a-propos' } }],
  }),
);

describe('the files Pagefind reads', () => {
  it('the routes include searchable articles and pages, and paginated lists', () => {
    const kinds = new Set(routes.filter((route) => route.searchable).map((route) => route.kind));
    expect([...kinds].sort()).toEqual(['article', 'page']);
    expect(routes.some((route) => route.kind === 'category' && route.page > 1)).toBe(true);
  });

  it('include every searchable page', () => {
    const missed = routes
      .filter((route) => route.searchable)
      .map((route) => fileOf(route.path))
      .filter((file) => !matchesGlob(file, searchableFiles));
    expect(missed).toEqual([]);
  });

  it('leave out the lists, categories, authors and their later pages', () => {
    const read = routes
      .filter((route) => ['article-list', 'category', 'author', 'home'].includes(route.kind))
      .map((route) => fileOf(route.path))
      .filter((file) => matchesGlob(file, searchableFiles));
    expect(read).toEqual([
      'en/articles/index.html',
      'de/articles/index.html',
      'fr/articles/index.html',
      'ar/articles/index.html',
    ]);
  });
});
