import { describe, expect, it } from 'vitest';
import type { Article } from '../../src/content/index';
import { relatedArticles } from '../../src/lib/related-articles';
import type { ArticleEntry } from '../../src/lib/route-types';

/** The rule as first written: compare with every other article, sort them all, keep `count`. */
function relatedBySorting(entry: ArticleEntry, entries: ArticleEntry[], count: number) {
  const keys = new Set(entry.article.categories.map((category) => category.key));
  const shared = (candidate: ArticleEntry) =>
    candidate.article.categories.filter((category) => keys.has(category.key)).length;
  return entries
    .filter((candidate) => candidate !== entry && shared(candidate) > 0)
    .map((candidate, index) => ({ candidate, index, shared: shared(candidate) }))
    .sort(
      (a, b) =>
        Number(a.candidate.fallback) - Number(b.candidate.fallback) ||
        b.shared - a.shared ||
        a.index - b.index,
    )
    .slice(0, count)
    .map(({ candidate }) => candidate);
}

/** A small deterministic random source (mulberry32), so a failure names its seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function entriesFor(seed: number, length: number, categoryCount: number): ArticleEntry[] {
  const next = random(seed);
  return Array.from({ length }, (_, index) => {
    // 0 to 3 categories, sometimes the same one twice.
    const categories = Array.from({ length: Math.floor(next() * 4) }, () => {
      const key = `c${Math.floor(next() * categoryCount)}`;
      return { _id: key, key, title: key, slug: key };
    });
    const article = { key: `a${index}`, categories } as unknown as Article;
    return { article, path: `/en/articles/a${index}/`, fallback: next() < 0.3 };
  });
}

describe('related articles', () => {
  it('prefers the locale’s own, then more shared categories, then the list order', () => {
    const entries = entriesFor(1, 0, 1);
    const entry = (key: string, categories: string[], fallback = false): ArticleEntry => ({
      article: {
        key,
        categories: categories.map((c) => ({ _id: c, key: c, title: c, slug: c })),
      } as unknown as Article,
      path: `/en/articles/${key}/`,
      fallback,
    });
    entries.push(
      entry('self', ['x', 'y']),
      entry('fallback-both', ['x', 'y'], true),
      entry('one', ['x']),
      entry('none', ['z']),
      entry('both', ['y', 'x']),
      entry('other-one', ['y']),
    );
    const relatedOf = relatedArticles(entries, 3);
    expect(relatedOf(entries[0] as ArticleEntry).map((e) => e.article.key)).toEqual([
      'both',
      'one',
      'other-one',
    ]);
  });

  for (const [seed, length, categoryCount, count] of [
    [1, 50, 3, 3],
    [2, 200, 8, 3],
    [3, 120, 2, 5],
    [4, 30, 12, 1],
    [5, 400, 8, 3],
  ] as const) {
    it(`answers as sorting every candidate did (seed ${seed}, ${length} articles, ${categoryCount} categories, ${count} kept)`, () => {
      const entries = entriesFor(seed, length, categoryCount);
      const relatedOf = relatedArticles(entries, count);
      for (const entry of entries) {
        expect(relatedOf(entry)).toEqual(relatedBySorting(entry, entries, count));
      }
    });
  }
});
