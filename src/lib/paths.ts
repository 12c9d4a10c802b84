import type { Locale } from '../i18n/locales';
import { localizedPath } from '../i18n/localized-path';
import { reservedPageSlugs } from '../content/schemas/rules';

/** Path helpers for every kind of page, the only place that knows the URL layout of PRODUCT.md §3. */
export const homePath = (locale: Locale) => localizedPath(locale);
export const articlePath = (locale: Locale, slug: string) =>
  localizedPath(locale, 'articles', slug);
/** A category's articles; page 1 is `/{l}/categories/{slug}/`, later pages add `page/{n}/`. */
export const categoryPath = (locale: Locale, slug: string, page = 1) =>
  pagedPath(page, locale, 'categories', slug);
/** An author's articles; page 1 is `/{l}/authors/{slug}/`, later pages add `page/{n}/`. */
export const authorPath = (locale: Locale, slug: string, page = 1) =>
  pagedPath(page, locale, 'authors', slug);
export const staticPagePath = (locale: Locale, slug: string) => localizedPath(locale, slug);
export const searchPath = (locale: Locale) => localizedPath(locale, 'search');
export const moderationPath = (locale: Locale) => localizedPath(locale, 'moderation');
export const notFoundPath = (locale: Locale) => localizedPath(locale, '404');
export const feedPath = (locale: Locale) => `/${locale}/rss.xml`;
export const accountPath = (locale: Locale) => localizedPath(locale, 'account');
/** What the service worker shows for a page it cannot reach or has not kept (src/offline/). */
export const offlinePath = (locale: Locale) => localizedPath(locale, 'offline');
/** The articles this device keeps for reading offline. */
export const readingListPath = (locale: Locale) => localizedPath(locale, 'reading-list');
/** The installable web app's manifest of a locale. */
export const webManifestPath = (locale: Locale) => `/${locale}/manifest.webmanifest`;
export const authConfirmPath = (locale: Locale) => localizedPath(locale, 'auth', 'confirm');
export const resetPasswordPath = (locale: Locale) =>
  localizedPath(locale, 'auth', 'reset-password');
export const unsubscribePath = (locale: Locale) => localizedPath(locale, 'unsubscribe');

/** Page 1 of the article list is `/{l}/articles/`; later pages are `/{l}/articles/page/{n}/`. */
export function articleListPath(locale: Locale, page: number): string {
  return pagedPath(page, locale, 'articles');
}

/** Page 1 of a list is the list's own path; page n adds `page/{n}/`. */
function pagedPath(page: number, locale: Locale, ...segments: string[]): string {
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`Not a page number: ${page}`);
  return page === 1
    ? localizedPath(locale, ...segments)
    : localizedPath(locale, ...segments, 'page', page);
}

/**
 * First path segments taken by routes other than static pages (including the account, auth and
 * moderation routes of later issues), so a static page slug can never shadow them. The list lives
 * with the content rules, which the Studio shares.
 */
export const reservedSlugs: ReadonlySet<string> = new Set(reservedPageSlugs);
