// The content model's rules as plain values, shared by the build's zod schemas (this folder) and the
// Sanity Studio's schema (`studio/schema/`), so that the two cannot drift apart. No imports beyond
// the locale list: the Studio bundles this file.
export { locales } from '../../i18n/locales.ts';

/** Lowercase ASCII words joined by single hyphens, as in `why-languages-borrow-words`. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Links may only go to the web, mail, or this site: no `javascript:` in a reader's page. */
export const safeHref = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

/** Decorators the Markdown compiler and the site's renderer both know. */
export const decorators = ['strong', 'em', 'code', 'underline', 'strike-through'] as const;
/** Block styles the site renders. */
export const blockStyles = ['normal', 'h2', 'h3', 'h4', 'blockquote'] as const;
export const listItems = ['bullet', 'number'] as const;
/** What a navigation entry may link to without referencing a document. */
export const navigationLinks = ['articles', 'search'] as const;

/** First path segments of other routes: a static page at /{language}/{slug}/ must not take one. */
export const reservedPageSlugs = [
  '404',
  'account',
  'articles',
  'auth',
  'authors',
  'categories',
  'manifest.webmanifest',
  'moderation',
  'offline',
  'reading-list',
  'rss.xml',
  'search',
] as const;

/** Maximum lengths in characters as readers count them (grapheme clusters). */
export const maxLength = {
  articleTitle: 140,
  articleExcerpt: 200,
  seoTitle: 60,
  seoDescription: 160,
  categoryTitle: 80,
  categoryDescription: 300,
  authorName: 80,
  pageTitle: 140,
  settingsTitle: 80,
  settingsDescription: 300,
  settingsFooter: 300,
  navigationLabel: 40,
} as const;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Characters as readers count them; a string never has more clusters than UTF-16 units. */
export function countCharacters(value: string): number {
  return value.length <= 1 ? value.length : Array.from(graphemes.segment(value)).length;
}
