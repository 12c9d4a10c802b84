import type { ContentConfig } from '../source-config.ts';
import type { ContentSource } from './content-source.ts';
import { createLocalSource } from './local-source.ts';
import { createSanitySource } from './sanity-source.ts';

export function createContentSource(config: ContentConfig): ContentSource {
  return config.kind === 'sanity' ? createSanitySource(config) : createLocalSource(config);
}
