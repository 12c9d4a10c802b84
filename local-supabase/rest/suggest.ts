// "Perhaps you meant …" hints for unknown names, found as PostgREST finds them: with the fuzzy string
// set of Haskell's `fuzzyset` package (n-grams of 3, then 2, ranked by cosine similarity, the best 50
// re-scored by normalized Levenshtein similarity, kept from a minimum score up).

/** PostgREST's minimum scores: table and function names 0.75, parameter lists the default 0.33. */
export const NAME_SCORE = 0.75;
export const PARAMS_SCORE = 0.33;

const CANDIDATES_RESCORED = 50;

/** Lower case, only letters, digits, white space and commas, framed by hyphens (the n-gram input). */
function gramInput(value: string): string {
  return `-${Array.from(value.toLowerCase())
    .filter((char) => /[\p{L}\p{N}\s,]/u.test(char))
    .join('')}-`;
}

function gramVector(value: string, size: number): Map<string, number> {
  const chars = Array.from(gramInput(value));
  const vector = new Map<string, number>();
  for (let offset = 0; offset + size <= chars.length; offset += 1) {
    const gram = chars.slice(offset, offset + size).join('');
    vector.set(gram, (vector.get(gram) ?? 0) + 1);
  }
  return vector;
}

function magnitude(vector: Map<string, number>): number {
  let sum = 0;
  for (const count of vector.values()) sum += count * count;
  return Math.sqrt(sum);
}

function levenshtein(a: string[], b: string[]): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0] ?? 0;
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j] ?? 0;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      previous[j] = Math.min(above + 1, (previous[j - 1] ?? 0) + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return previous[b.length] ?? 0;
}

/** 1 − distance / longer length, on the lower-cased strings (text-metrics' `levenshteinNorm`). */
function similarity(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  const longest = Math.max(left.length, right.length);
  return longest === 0 ? 1 : 1 - levenshtein(left, right) / longest;
}

/** The closest of `known` to `name` with at least `minScore`, or undefined. */
export function fuzzyMatch(
  name: string,
  known: Iterable<string>,
  minScore: number,
): string | undefined {
  if (name.length > 200) return undefined;
  const entries = new Map<string, string>();
  for (const candidate of known) {
    const key = candidate.toLowerCase();
    if (!entries.has(key)) entries.set(key, candidate);
  }
  const key = name.toLowerCase();
  const exact = entries.get(key);
  if (exact !== undefined) return exact;
  for (const size of [3, 2]) {
    const query = gramVector(key, size);
    const queryMagnitude = magnitude(query);
    const scored: { score: number; key: string }[] = [];
    for (const entry of entries.keys()) {
      const vector = gramVector(entry, size);
      let dot = 0;
      for (const [gram, count] of query) dot += count * (vector.get(gram) ?? 0);
      if (dot > 0) scored.push({ score: dot / (queryMagnitude * magnitude(vector)), key: entry });
    }
    const best = scored
      .sort((a, b) => b.score - a.score)
      .slice(0, CANDIDATES_RESCORED)
      .map((entry) => ({ score: similarity(key, entry.key), key: entry.key }))
      .sort((a, b) => b.score - a.score)
      .find((entry) => entry.score >= minScore);
    if (best) return entries.get(best.key);
  }
  return undefined;
}

/** A table or function name close enough to `name` to be a typo (PostgREST's 0.75). */
export function suggestName(name: string, known: Iterable<string>): string | undefined {
  return fuzzyMatch(name, known, NAME_SCORE);
}
