/**
 * The content API of the site: everything the pages render, loaded once per process.
 * Hosted Sanity when `SANITY_PROJECT_ID` is set, else the local export (see `config.ts`).
 */
import { assembleSiteContent } from './assemble/assemble-site-content';
import { readContentConfig } from './config';
import { fetchRawContent } from './fetch-raw-content';
import type { ContentSource } from './sources/content-source';
import { createContentSource } from './sources/create-source';
import type { SiteContent } from './types';

export type * from './types';
export { ContentValidationError } from './validate';

let siteContent: Promise<SiteContent> | undefined;

/** Every page's content; the queries run on the first call only. */
export function getSiteContent(): Promise<SiteContent> {
  siteContent ??= loadSiteContent(createContentSource(readContentConfig()));
  return siteContent;
}

/** Loads and validates all content from one source (tests call this with their own source). */
export async function loadSiteContent(source: ContentSource): Promise<SiteContent> {
  return assembleSiteContent(await fetchRawContent(source), source);
}
