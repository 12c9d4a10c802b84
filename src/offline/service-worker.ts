/// <reference lib="webworker" />
// The service worker (`/sw.js`, built by src/offline/offline-integration.ts with Workbox's
// injectManifest). What it keeps, all in caches named with the build's version:
//
// - precache: each locale's offline and reading-list pages, the fonts, the scripts, the icons
//   and manifests, so those work offline and a new deploy never mixes old HTML with new assets;
// - recent: the last 20 article pages read (NetworkFirst: online, the page comes from the
//   network and its copy is refreshed), and the images pages showed (bounded);
// - when the device's storage is full, the oldest recently read articles (with the images only
//   they showed) make room first, then shown images; bookmarked copies are never removed for room;
// - kept: bookmarked articles in the language they were bookmarked in, with their images, until
//   the bookmark is removed (the pages send messages, src/offline/device-copies.ts).
//
// Only this site's own pages, images and scripts go through it, and the images of Sanity's CDN
// (hosted content's covers, src/offline/article-images.ts): the Supabase API (another origin)
// is never routed, so nothing of a member's (tokens, profile, comments) is stored. A navigation
// that fails with nothing kept gets the offline page of the address's locale.
import { clientsClaim, registerQuotaErrorCallback, setCacheNameDetails } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { CacheExpiration } from 'workbox-expiration';
import { matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { defaultLocale, isLocale, type Locale } from '../i18n/locales';
import { imageAccept, isKeptImageOrigin, keptImageUrls } from './article-images';
import {
  articleKeyHeader,
  articlePathPattern,
  cachePrefix,
  copyIsStale,
  imagesCache,
  keptCache,
  keptImagesCache,
  newestCopy,
  recentCache,
  recentLimit,
  savedAtHeader,
  shownImagesLimit,
  type OfflineMessage,
} from './offline-caches';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};
/** The build's version (a hash of what it precaches and of its hashed assets' names). */
declare const __OFFLINE_VERSION__: string;
const version = __OFFLINE_VERSION__;

setCacheNameDetails({ prefix: cachePrefix, suffix: version });
const caches_ = {
  kept: keptCache(version),
  keptImages: keptImagesCache(version),
  recent: recentCache(version),
  images: imagesCache(version),
};

void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);

// A new version brings the kept and recent copies along, fetched again (so they match its
// assets); copies that cannot be fetched now are carried over as they are, with their images.
self.addEventListener('install', (event) => {
  event.waitUntil(carryOver());
});
// Then every cache of another version goes.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(`${cachePrefix}-`) && !name.endsWith(`-${version}`))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

// --- Article pages: network first, the last 20 kept ------------------------------------------

/** The copy's key is the page's address without query or fragment. */
const pathOnly: WorkboxPlugin = {
  cacheKeyWillBeUsed: ({ request }) => Promise.resolve(new URL(request.url).pathname),
};
/**
 * Only complete HTML pages are stored, stamped with the time they were fetched, the last
 * `recentLimit` read. The worker writes them itself (Workbox then stores nothing): Workbox's own
 * write gives up when the storage is full (and its expiration plugin would empty the whole cache),
 * where `putWithRoom` removes the oldest recently read articles and tries again. A bookmarked
 * copy of the page is refreshed with it.
 */
const storeRecent: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    if (!response.ok || !response.headers.get('content-type')?.includes('text/html')) return null;
    const path = new URL(request.url).pathname;
    const page = await stamped(response, {});
    await putWithRoom(caches_.recent, path, page);
    await keepNewest(caches_.recent, recentLimit);
    const kept = await (await caches.open(caches_.kept)).match(path);
    const key = kept?.headers.get(articleKeyHeader);
    if (key) await keepPage(path, key, page);
    return null;
  },
};
/**
 * A stored page shown instead of the network's says so, with the time it was saved. Read and
 * bookmarked both, the newer of the two copies is shown (say, bookmarked after it was read, or
 * refreshed since).
 */
const markCopies: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, request }) => {
    const kept = await (await caches.open(caches_.kept)).match(new URL(request.url).pathname);
    const copy = newestCopy([cachedResponse, kept]);
    return copy ? markedCopy(copy, localeOf(request.url)) : null;
  },
};
/** Nothing stored either: a kept (bookmarked) copy, else the offline page. */
const keptOrOffline: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const kept = await (await caches.open(caches_.kept)).match(new URL(request.url).pathname);
    return kept ? markedCopy(kept, localeOf(request.url)) : offlinePage(request.url);
  },
};
/** Online (a page came from the site), kept copies saved a while ago are fetched again. */
const refreshKept: WorkboxPlugin = {
  fetchDidSucceed: ({ event, response }) => {
    refreshing ??= refreshStaleKept().finally(() => {
      refreshing = null;
    });
    event.waitUntil(refreshing);
    return Promise.resolve(response);
  },
};

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    articlePathPattern.test(url.pathname),
  new NetworkFirst({
    cacheName: caches_.recent,
    plugins: [pathOnly, storeRecent, refreshKept, markCopies, keptOrOffline],
  }),
);

// --- Every other page of the site: the network, else the offline page --------------------------
registerRoute(
  new NavigationRoute(new NetworkOnly({ plugins: [refreshKept, keptOrOffline] }), {
    // Only this site's pages (a navigation is always same-origin here; said for clarity).
    allowlist: [/^\//],
  }),
);

// --- Images: what pages showed (bounded), and the kept articles' images -------------------------
// The site's own and Sanity's CDN's, under the same rules. The CDN answers in the format the
// request's Accept names (Vary: Accept): a kept image is found whatever Accept asks for it.
const anyAccept = { ignoreVary: true };
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' && isKeptImageOrigin(url, self.location.origin),
  new CacheFirst({
    cacheName: caches_.images,
    matchOptions: anyAccept,
    plugins: [
      {
        // A hosted image is asked for with CORS: an `<img>`'s own request would give an opaque
        // response, which cannot be checked and weighs megabytes in the storage quota.
        requestWillFetch: ({ request }) =>
          Promise.resolve(
            new URL(request.url).origin === self.location.origin
              ? request
              : imageRequest(request.url, request.headers.get('accept') ?? imageAccept),
          ),
        // Should the CDN refuse CORS, the image is shown as without the worker (and not kept).
        handlerDidError: async ({ request }) =>
          new URL(request.url).origin === self.location.origin
            ? undefined
            : fetch(request).catch(() => undefined),
        // Stored by the worker, as the recent pages are (room made on a full storage).
        cacheWillUpdate: async ({ request, response }) => {
          if (!response.ok) return null;
          await putWithRoom(caches_.images, request.url, response);
          await keepNewest(caches_.images, shownImagesLimit);
          return null;
        },
        cachedResponseWillBeUsed: async ({ cachedResponse, request }) =>
          cachedResponse ?? (await caches.open(caches_.keptImages)).match(request, anyAccept),
      },
    ],
  }),
);

// --- Messages from pages: bookmarks ---------------------------------------------------------------
self.addEventListener('message', (event) => {
  const message = event.data as OfflineMessage | null;
  if (message?.type === 'keep') event.waitUntil(keepArticle(message.path, message.key));
  else if (message?.type === 'drop') event.waitUntil(dropArticle(message.key));
  else if (message?.type === 'bookmarks')
    event.waitUntil(syncBookmarks(message.keys, message.locale));
  else if (message?.type === 'forget') event.waitUntil(forget());
});

/**
 * Sign-out: the caches of what was read and kept, and Workbox's expiry record of their addresses
 * (the worker bounds its caches itself now; a device may still have the record of an earlier one).
 */
async function forget(): Promise<void> {
  for (const name of [caches_.recent, caches_.images]) {
    await new CacheExpiration(name, { maxEntries: 1 }).delete();
  }
  await Promise.all(Object.values(caches_).map((name) => caches.delete(name)));
}

/** Fetches a bookmarked article and keeps it with its images. */
async function keepArticle(path: string, key: string): Promise<void> {
  if (!articlePathPattern.test(path)) return;
  const response = await fetch(path).catch(() => null);
  if (!response?.ok) return;
  await keepPage(path, key, response);
}

async function keepPage(path: string, key: string, response: Response): Promise<void> {
  const page = await stamped(response, { [articleKeyHeader]: key });
  const html = await page.clone().text();
  await putWithRoom(caches_.kept, path, page);
  for (const image of articleImages(html)) {
    const cache = await caches.open(caches_.keptImages);
    if (await cache.match(image, anyAccept)) continue;
    const file = await fetchImage(image);
    if (file?.ok) await putWithRoom(caches_.keptImages, image, file);
  }
}

/** Removes a bookmarked article and the images no other kept article shows. */
async function dropArticle(key: string): Promise<void> {
  const kept = await caches.open(caches_.kept);
  const entries = await keptEntries(kept);
  const dropped = entries.filter((entry) => entry.key === key);
  if (dropped.length === 0) return;
  const stillShown = new Set(
    entries.filter((entry) => entry.key !== key).flatMap((entry) => entry.images),
  );
  const images = await caches.open(caches_.keptImages);
  for (const entry of dropped) {
    await kept.delete(entry.request);
    for (const image of entry.images)
      if (!stillShown.has(image)) await images.delete(image, anyAccept);
  }
}

/** The member's bookmarks as the server has them (another device may have changed them). */
async function syncBookmarks(keys: string[], locale: Locale): Promise<void> {
  const kept = await keptEntries(await caches.open(caches_.kept));
  for (const entry of kept) if (!keys.includes(entry.key)) await dropArticle(entry.key);
  const missing = keys.filter((key) => !kept.some((entry) => entry.key === key));
  if (missing.length === 0) return;
  const index = await fetch('/article-index.json')
    .then(
      (response) => response.json() as Promise<Record<string, Record<string, { path: string }>>>,
    )
    .catch(() => null);
  for (const key of missing) {
    const path = index?.[locale]?.[key]?.path;
    if (path) await keepArticle(path, key);
  }
}

async function keptEntries(cache: Cache) {
  const requests = await cache.keys();
  return Promise.all(
    requests.map(async (request) => {
      const response = await cache.match(request);
      return {
        request,
        key: response?.headers.get(articleKeyHeader) ?? '',
        images: response ? articleImages(await response.text()) : [],
      };
    }),
  );
}

// --- Refreshing kept copies ---------------------------------------------------------------------
/** The refresh under way, if any: pages loaded meanwhile do not start another. */
let refreshing: Promise<void> | null = null;

/**
 * Online again (or a while since): the bookmarked copies saved more than `keptRefreshAfter` ago
 * are fetched again, so a corrected text replaces the old one. Each copy's own time decides (the
 * browser stops an idle worker within a minute: nothing the worker remembers lasts that long).
 */
async function refreshStaleKept(): Promise<void> {
  const kept = await caches.open(caches_.kept);
  for (const request of await kept.keys()) {
    const copy = await kept.match(request);
    const key = copy?.headers.get(articleKeyHeader);
    if (!key || !copyIsStale(copy?.headers.get(savedAtHeader) ?? null, Date.now())) continue;
    await keepArticle(new URL(request.url).pathname, key);
  }
}

async function carryOver(): Promise<void> {
  const names = (await caches.keys()).filter((name) => !name.endsWith(`-${version}`));
  for (const [kind, target] of [
    ['kept', caches_.kept],
    ['recent', caches_.recent],
  ] as const) {
    for (const name of names.filter(
      (n) => n.startsWith(`${cachePrefix}-${kind}-`) && !n.includes('-images-'),
    )) {
      const old = await caches.open(name);
      for (const request of await old.keys()) {
        const copy = await old.match(request);
        if (!copy) continue;
        const key = copy.headers.get(articleKeyHeader);
        const path = new URL(request.url).pathname;
        const fresh = await fetch(path).catch(() => null);
        if (fresh?.ok && key) await keepPage(path, key, fresh);
        else if (fresh?.ok) await putWithRoom(target, path, await stamped(fresh, {}));
        else await carryCopy(copy, path, target, names);
      }
    }
  }
}

/** An old version's copy that could not be fetched again, with its images. */
async function carryCopy(copy: Response, path: string, target: string, oldNames: string[]) {
  await putWithRoom(target, path, copy.clone());
  for (const image of articleImages(await copy.text())) {
    for (const name of oldNames.filter((n) => n.includes('-images-'))) {
      const file = await (await caches.open(name)).match(image, anyAccept);
      if (file) {
        await putWithRoom(
          target === caches_.kept ? caches_.keptImages : caches_.images,
          image,
          file,
        );
        break;
      }
    }
  }
}

// --- Helpers ------------------------------------------------------------------------------------

/** A copy of a response with extra headers (the time it was saved, and any given). */
async function stamped(response: Response, extra: Record<string, string>): Promise<Response> {
  const headers = new Headers(response.headers);
  // The body is stored decoded.
  headers.delete('content-encoding');
  headers.delete('content-length');
  headers.set(savedAtHeader, new Date().toISOString());
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(await response.blob(), { status: response.status, headers });
}

/**
 * Puts a response in a cache; when the device's storage is full (QuotaExceededError), room is
 * made (`freeRoom`) and the write tried again, until it fits or nothing is left to remove (then
 * the response is not kept). Bookmarks are never removed for room.
 */
async function putWithRoom(cacheName: string, request: string, response: Response): Promise<void> {
  for (;;) {
    try {
      await (await caches.open(cacheName)).put(request, response.clone());
      return;
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'QuotaExceededError')) throw error;
      if (!(await freeRoom())) return;
    }
  }
}

/**
 * Removes the oldest recently read article and the shown images no other recent article shows;
 * with no recent article left, the oldest shown image. False when both are empty.
 */
async function freeRoom(): Promise<boolean> {
  const recent = await caches.open(caches_.recent);
  const [oldest, ...others] = await recent.keys();
  if (!oldest) return freeOldest(caches_.images);
  const imagesOf = async (request: Request) =>
    articleImages((await (await recent.match(request))?.text()) ?? '');
  const its = await imagesOf(oldest);
  const stillShown = new Set((await Promise.all(others.map(imagesOf))).flat());
  await recent.delete(oldest);
  const shown = await caches.open(caches_.images);
  for (const image of its) if (!stillShown.has(image)) await shown.delete(image, anyAccept);
  return true;
}

/** Deletes a cache's oldest entry (a cache lists in the order things were put). */
async function freeOldest(cacheName: string): Promise<boolean> {
  const cache = await caches.open(cacheName);
  const [oldest] = await cache.keys();
  return oldest ? cache.delete(oldest) : false;
}

/**
 * Bounds a cache to its `limit` newest entries. A cache lists in the order things were put, and a
 * page read again online is put again: the oldest read go first.
 */
async function keepNewest(cacheName: string, limit: number): Promise<void> {
  const cache = await caches.open(cacheName);
  const requests = await cache.keys();
  for (const request of requests.slice(0, Math.max(0, requests.length - limit))) {
    await cache.delete(request);
  }
}
// A full storage met by Workbox's own writes (the precache, at install): room for the next try.
registerQuotaErrorCallback(async () => {
  await freeRoom();
});

/** The images kept with an article page: its text's and cover's, the site's own and hosted. */
function articleImages(html: string): string[] {
  return keptImageUrls(html, self.location.origin);
}

/** An image asked for with CORS, in the formats `accept` names (by default the browser's). */
function imageRequest(url: string, accept = imageAccept): Request {
  return new Request(url, { mode: 'cors', credentials: 'omit', headers: { Accept: accept } });
}

/** An image as a page would get it, in the format the browser asks for; null when it fails. */
function fetchImage(url: string): Promise<Response | null> {
  return fetch(imageRequest(url)).catch(() => null);
}

function localeOf(url: string): Locale {
  const segment = new URL(url).pathname.split('/')[1] ?? '';
  return isLocale(segment) ? segment : defaultLocale;
}

async function offlinePage(url: string): Promise<Response> {
  return (await matchPrecache(`/${localeOf(url)}/offline/`)) ?? Response.error();
}

/**
 * Shows the copy's note (`data-offline-note`, hidden in every article page) with the time the copy
 * was saved, written as the page's locale writes it.
 */
async function markedCopy(copy: Response, locale: Locale): Promise<Response> {
  const savedAt = copy.headers.get(savedAtHeader);
  if (savedAt === null) return copy;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(savedAt),
  );
  const html = (await copy.text())
    .replace('data-offline-note hidden', 'data-offline-note')
    .replace(
      '<time data-offline-time></time>',
      `<time data-offline-time datetime="${savedAt}">${time}</time>`,
    );
  return new Response(html, { status: 200, headers: copy.headers });
}
