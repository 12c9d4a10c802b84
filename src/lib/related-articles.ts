import type { ArticleEntry } from './route-types';

/**
 * The articles that close an article, for every entry of one locale's list: those sharing a
 * category with it, the locale's own translations before fallbacks, then the most categories in
 * common, then the list's order (the newest first).
 *
 * Each entry only looks at the entries of its own categories, and keeps the best `count` as it
 * goes instead of sorting every candidate: comparing each article with every other one and
 * sorting them all was 0.2 s at 1,000 articles and most of the routing time at 2,000 (8,000
 * article routes; bench/README.md). The answer is the same, order and ties included.
 *
 * @example const relatedOf = relatedArticles(entries, 3); relatedOf(entries[0]) // up to 3 entries
 */
export function relatedArticles(
  entries: readonly ArticleEntry[],
  count: number,
): (entry: ArticleEntry) => ArticleEntry[] {
  // Category key → positions of the entries filed under it, once per time an article lists it
  // (an article listing a category twice counts it twice, as the shared count always did).
  const positionsByCategory = new Map<string, number[]>();
  entries.forEach((entry, position) => {
    for (const { key } of entry.article.categories) {
      const positions = positionsByCategory.get(key);
      if (positions === undefined) positionsByCategory.set(key, [position]);
      else positions.push(position);
    }
  });

  // Entries filed under the same categories get the same ranking but for themselves: it is worked
  // out once per set of categories (a few dozen sets for thousands of articles), keeping one more
  // than asked so that an entry can leave itself out.
  const bestBySet = new Map<string, ArticleEntry[]>();
  return (entry) => {
    const keys = [...new Set(entry.article.categories.map((category) => category.key))].sort();
    const setKey = JSON.stringify(keys);
    let best = bestBySet.get(setKey);
    if (best === undefined) {
      best = rankedCandidates(entries, positionsByCategory, keys, count + 1);
      bestBySet.set(setKey, best);
    }
    return best.filter((candidate) => candidate !== entry).slice(0, count);
  };
}

/** The best `count` entries filed under any of `keys`, in ranking order. */
function rankedCandidates(
  entries: readonly ArticleEntry[],
  positionsByCategory: ReadonlyMap<string, number[]>,
  keys: readonly string[],
  count: number,
): ArticleEntry[] {
  // Position → how many of the candidate's categories are one of the keys.
  const shared = new Map<number, number>();
  for (const key of keys) {
    for (const position of positionsByCategory.get(key) ?? []) {
      shared.set(position, (shared.get(position) ?? 0) + 1);
    }
  }
  const best: Ranked[] = [];
  for (const [position, sharedCount] of shared) {
    const candidate = entries[position];
    if (candidate === undefined) continue;
    const ranked = { candidate, position, shared: sharedCount };
    const at = best.findIndex((other) => ranksBefore(ranked, other));
    if (at !== -1) best.splice(at, 0, ranked);
    else if (best.length < count) best.push(ranked);
    if (best.length > count) best.pop();
  }
  return best.map(({ candidate }) => candidate);
}

interface Ranked {
  candidate: ArticleEntry;
  position: number;
  shared: number;
}

/** The locale's own articles first, then more shared categories, then the list's order. */
function ranksBefore(a: Ranked, b: Ranked): boolean {
  if (a.candidate.fallback !== b.candidate.fallback) return !a.candidate.fallback;
  if (a.shared !== b.shared) return a.shared > b.shared;
  return a.position < b.position;
}
