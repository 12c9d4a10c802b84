import { createClient } from '@sanity/client';
import type { ContentSource } from './content-source.ts';

interface SanitySourceOptions {
  projectId: string;
  dataset: string;
  apiVersion: string;
  token: string | undefined;
  /** A different API origin, e.g. a loopback server in tests. */
  apiHost: string | undefined;
}

/** Queries hosted Sanity through its CDN, published documents only. */
export function createSanitySource(options: SanitySourceOptions): ContentSource {
  const client = createClient({
    projectId: options.projectId,
    dataset: options.dataset,
    apiVersion: options.apiVersion,
    perspective: 'published',
    useCdn: true,
    ...(options.token === undefined ? {} : { token: options.token }),
    // Without useProjectHostname: false the client would call http://<projectId>.<apiHost>; the
    // option is marked deprecated but is still the only way to reach a host without that prefix.
    ...(options.apiHost === undefined
      ? {}
      : // eslint-disable-next-line @typescript-eslint/no-deprecated
        { apiHost: options.apiHost, useProjectHostname: false }),
  });
  return {
    kind: 'sanity',
    projectId: options.projectId,
    dataset: options.dataset,
    fetchQuery: (query, params = {}) => client.fetch<unknown>(query, params),
    assetFilePath: () => null,
  };
}
