/** One GROQ endpoint: hosted Sanity or the local export. Both answer the same queries alike. */
export interface ContentSource {
  kind: 'local' | 'sanity';
  projectId: string;
  dataset: string;
  /** Runs a GROQ query over published documents only. */
  fetchQuery(query: string, params?: Record<string, unknown>): Promise<unknown>;
  /** Absolute path of an asset's file (local export only), else null. */
  assetFilePath(assetId: string): string | null;
}

/** Ids of drafts (`drafts.…`) and release versions (`versions.<release>.…`), which readers never see. */
export function isUnpublishedId(id: string): boolean {
  return id.startsWith('drafts.') || id.startsWith('versions.');
}
