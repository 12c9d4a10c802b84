// What the service worker (src/offline/service-worker.ts) and the pages share: cache names, the
// headers it stamps on kept pages, and the messages pages send it. Pages read the caches directly
// (Cache Storage is the same for both), so the reading list needs neither the worker nor a network.
import type { Locale } from '../i18n/locales';

/** Every cache of the site starts with this; each build's caches end with its version. */
export const cachePrefix = 'polyglot-press';

/** Bookmarked articles: their pages (`kept`) and the images those pages show (`kept-images`). */
export const keptCache = (version: string) => `${cachePrefix}-kept-${version}`;
export const keptImagesCache = (version: string) => `${cachePrefix}-kept-images-${version}`;
/** The last articles read (any reader), and images pages showed, both bounded. */
export const recentCache = (version: string) => `${cachePrefix}-recent-${version}`;
export const imagesCache = (version: string) => `${cachePrefix}-images-${version}`;

/** How many recently read articles the device keeps. */
export const recentLimit = 20;
/** How many images that pages showed the device keeps (kept articles' images are apart). */
export const shownImagesLimit = 150;

/** Stamped by the worker on a kept page: when it was fetched (ISO time). */
export const savedAtHeader = 'x-offline-saved-at';
/** Stamped on a bookmarked page: its article key (bookmarks are per article, not per language). */
export const articleKeyHeader = 'x-offline-article';

/** How old a bookmarked copy may be before an online visit fetches it again. */
export const keptRefreshAfter = 10 * 60 * 1000;

/** True when a kept copy saved at `savedAt` (ISO time; none: unknown) should be fetched again. */
export function copyIsStale(savedAt: string | null, now: number): boolean {
  const saved = savedAt === null ? Number.NaN : Date.parse(savedAt);
  return Number.isNaN(saved) || now - saved > keptRefreshAfter;
}

/**
 * The most recently saved of an article's copies on the device (its recent and its bookmarked
 * one), by the time stamped on each; null when there is none.
 */
export function newestCopy<T extends { headers: Headers }>(
  copies: (T | null | undefined)[],
): T | null {
  let newest: T | null = null;
  for (const copy of copies) {
    if (!copy) continue;
    if (newest === null || savedAtOf(copy) > savedAtOf(newest)) newest = copy;
  }
  return newest;
}

function savedAtOf(copy: { headers: Headers }): string {
  return copy.headers.get(savedAtHeader) ?? '';
}

/** Messages from pages to the worker. */
export type OfflineMessage =
  /** Just bookmarked on this page: keep it (this language, cover image included). */
  | { type: 'keep'; key: string; path: string }
  /** Bookmark removed: free its space. */
  | { type: 'drop'; key: string }
  /** The member's bookmarks as the server has them: keep the missing ones, drop the others. */
  | { type: 'bookmarks'; keys: string[]; locale: Locale }
  /** Signed out: nothing of what was read or kept stays, not even the expiry's list of addresses. */
  | { type: 'forget' };

/** The cache kinds a page lists, by name prefix (any version: only the active one exists). */
export function cacheKindOf(name: string): 'kept' | 'recent' | null {
  if (name.startsWith(`${cachePrefix}-kept-images-`)) return null;
  if (name.startsWith(`${cachePrefix}-kept-`)) return 'kept';
  if (name.startsWith(`${cachePrefix}-recent-`)) return 'recent';
  return null;
}

/** An article page's path: `/{l}/articles/{slug}/` (not the list's `/{l}/articles/page/{n}/`). */
export const articlePathPattern = /^\/[a-z]{2}\/articles\/(?!page\/)[^/]+\/$/;
