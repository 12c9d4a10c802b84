import type { ContentConfig } from '../config';
import type { ContentSource } from './content-source';
import { createLocalSource } from './local-source';
import { createSanitySource } from './sanity-source';

export function createContentSource(config: ContentConfig): ContentSource {
  return config.kind === 'sanity' ? createSanitySource(config) : createLocalSource(config);
}
