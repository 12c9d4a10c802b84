/**
 * The content API of the site: everything the pages render, loaded once per process.
 * Hosted Sanity when `SANITY_PROJECT_ID` is set, else the local export (see `source-config.ts`).
 */
import { assembleSiteContent } from './assemble/assemble-site-content.ts';
import { fetchRawContent } from './fetch-raw-content.ts';
import { getContentSource } from './fetch-query.ts';
import type { ContentSource } from './sources/content-source.ts';
import type { SiteContent } from './types.ts';

export type * from './types.ts';
export { ContentValidationError } from './validate.ts';
export { fetchQuery } from './fetch-query.ts';
export { authorNameIn } from './author-name.ts';

let siteContent: Promise<SiteContent> | undefined;

// A build runs two copies of this module in one process: the pages' bundle, and the source that
// astro.config.mjs imports for its integrations (the sitemap). The pages publish their content
// here so that the integrations do not query and validate the whole dataset a second time.
const sharedKey = Symbol.for('polyglot-press:site-content');
const shared = globalThis as { [sharedKey]?: Promise<SiteContent> | undefined };

/** Every page's content; the queries run on the first call only. */
export function getSiteContent(): Promise<SiteContent> {
  siteContent ??= loadSiteContent(getContentSource()).catch((error: unknown) => {
    // Let `astro dev` retry after the content is fixed instead of caching the failure.
    siteContent = undefined;
    shared[sharedKey] = undefined;
    throw error;
  });
  shared[sharedKey] = siteContent;
  return siteContent;
}

/**
 * For build hooks that run after the pages: the content the pages loaded, or a fresh load when
 * none did. Pages use `getSiteContent`, which never reads another copy's (possibly older) content.
 */
export function getBuiltSiteContent(): Promise<SiteContent> {
  return shared[sharedKey] ?? getSiteContent();
}

/** Loads and validates all content from one source (tests call this with their own source). */
export async function loadSiteContent(source: ContentSource): Promise<SiteContent> {
  return assembleSiteContent(await fetchRawContent(source), source);
}
