import { readContentConfig } from './source-config.ts';
import type { ContentSource } from './sources/content-source.ts';
import { createContentSource } from './sources/create-source.ts';

let configured: ContentSource | undefined;

/** The content source the environment selects, created once per process. */
export function getContentSource(): ContentSource {
  configured ??= createContentSource(readContentConfig());
  return configured;
}

/**
 * Runs a GROQ query against the configured source (hosted Sanity or the local export),
 * published documents only. Use the queries in `queries.ts`; pages should not call this.
 */
export function fetchQuery(query: string, params?: Record<string, unknown>): Promise<unknown> {
  return getContentSource().fetchQuery(query, params);
}
