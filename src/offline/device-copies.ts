// What pages do with the articles this device keeps for reading offline: list them (the reading
// list, the account page's bookmarks), ask the service worker to keep or drop a bookmarked one,
// and forget everything at sign-out. Cache Storage is shared with the worker, so listing and
// forgetting work without it and without a network.
import type { Locale } from '../i18n/locales';
import {
  articleKeyHeader,
  cacheKindOf,
  cachePrefix,
  savedAtHeader,
  type OfflineMessage,
} from './offline-caches';

export interface DeviceCopy {
  path: string;
  /** The article's title, with the language and direction it is written in. */
  title: string;
  lang: string;
  dir: string;
  /** When the copy was fetched (ISO time). */
  savedAt: string;
  /** Bookmarked copies only: the article's key. */
  key: string | null;
}

export interface DeviceCopies {
  kept: DeviceCopy[];
  recent: DeviceCopy[];
}

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

/** The articles kept on this device, newest first; null when the browser cannot keep any. */
export async function listDeviceCopies(): Promise<DeviceCopies | null> {
  const storage = cacheStorage();
  if (storage === null) return null;
  const copies: DeviceCopies = { kept: [], recent: [] };
  for (const name of await storage.keys()) {
    const kind = cacheKindOf(name);
    if (kind === null) continue;
    const cache = await storage.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (response) copies[kind].push(await describe(request, response));
    }
  }
  const newestFirst = (a: DeviceCopy, b: DeviceCopy) => b.savedAt.localeCompare(a.savedAt);
  // A bookmarked article read recently is listed once, with the bookmarks, as the newer of its
  // two copies (the one the worker opens offline).
  const recentByPath = new Map(copies.recent.map((copy) => [copy.path, copy]));
  copies.kept = copies.kept.map((copy) => {
    const read = recentByPath.get(copy.path);
    return read && read.savedAt > copy.savedAt ? { ...read, key: copy.key } : copy;
  });
  copies.kept.sort(newestFirst);
  const kept = new Set(copies.kept.map((copy) => copy.path));
  copies.recent = copies.recent.filter((copy) => !kept.has(copy.path)).sort(newestFirst);
  return copies;
}

async function describe(request: Request, response: Response): Promise<DeviceCopy> {
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const heading = page.querySelector('h1');
  const lang = heading?.closest('[lang]')?.getAttribute('lang') ?? page.documentElement.lang;
  const dir = heading?.closest('[dir]')?.getAttribute('dir') ?? page.documentElement.dir;
  return {
    path: new URL(request.url).pathname,
    title: heading?.textContent.trim() || page.title,
    lang,
    dir: dir || 'ltr',
    savedAt: response.headers.get(savedAtHeader) ?? '',
    key: response.headers.get(articleKeyHeader),
  };
}

/** Sends a message to the active service worker (none yet: nothing to keep, nothing is lost). */
function tellWorker(message: OfflineMessage): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => {
    registration.active?.postMessage(message);
  });
}

/** Just bookmarked on this page: the worker keeps it, in this language, with its images. */
export function keepBookmarked(key: string, path: string): void {
  tellWorker({ type: 'keep', key, path });
}

/** Bookmark removed: the worker frees its space. */
export function dropBookmarked(key: string): void {
  tellWorker({ type: 'drop', key });
}

/** The member's bookmarks from the server: kept copies follow them (another device's changes). */
export function syncBookmarked(keys: string[], locale: Locale): void {
  tellWorker({ type: 'bookmarks', keys, locale });
}

/**
 * Signing out: the member's kept articles, the articles read while signed in and the images they
 * showed leave this device. The precached pages, fonts and scripts (the same for every reader)
 * stay.
 */
export async function forgetDeviceCopies(): Promise<void> {
  tellWorker({ type: 'forget' });
  const storage = cacheStorage();
  if (storage === null) return;
  const names = await storage.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(`${cachePrefix}-`) && !name.includes('-precache-'))
      .map((name) => storage.delete(name)),
  );
}
