// "Perhaps you meant …" hints for unknown names, like PostgREST's fuzzy search.

function distance(a: string, b: string): number {
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

/** The closest known name, if it is close enough to be a typo. */
export function suggestName(name: string, known: string[]): string | undefined {
  if (name.length > 100) return undefined;
  let best: { name: string; score: number } | undefined;
  for (const candidate of known) {
    const score = distance(name.toLowerCase(), candidate.toLowerCase());
    if (score <= Math.max(1, Math.floor(candidate.length / 4)) && (!best || score < best.score)) {
      best = { name: candidate, score };
    }
  }
  return best?.name;
}
