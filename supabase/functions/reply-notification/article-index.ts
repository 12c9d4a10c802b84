// Article titles and paths per locale, from the built site's /article-index.json (the site is
// static: its build knows every title). Without it, the e-mail links the site's home in the member's
// language and names no title.
import type { Locale } from './strings.ts';

type ArticleIndex = Partial<Record<Locale, Record<string, { title: string; path: string }>>>;

let cached: { at: number; index: ArticleIndex } | undefined;
const KEEP_MS = 5 * 60_000;

async function load(siteUrl: string): Promise<ArticleIndex> {
  if (cached && Date.now() - cached.at < KEEP_MS) return cached.index;
  try {
    const response = await fetch(new URL('/article-index.json', siteUrl), {
      signal: AbortSignal.timeout(3000),
    });
    const index = response.ok ? ((await response.json()) as ArticleIndex) : {};
    cached = { at: Date.now(), index };
    return index;
  } catch (error) {
    console.error('article index unavailable:', error);
    return {};
  }
}

/** The article as the member's locale shows it (its translation, or the English fallback). */
export async function findArticle(siteUrl: string, locale: Locale, key: string) {
  const index = await load(siteUrl);
  const entry = index[locale]?.[key];
  return {
    title: entry?.title ?? null,
    url: new URL(entry?.path ?? `/${locale}/`, siteUrl).href,
  };
}
