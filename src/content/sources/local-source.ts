import { resolve } from 'node:path';
import { evaluate, parse } from 'groq-js';
import { isUnpublishedId, type ContentSource } from './content-source.ts';
import { loadExport, type SanityDocument } from './load-export.ts';

interface LocalSourceOptions {
  datasetDir: string;
  projectId: string;
  dataset: string;
}

interface PublishedIndex {
  published: SanityDocument[];
  byId: Map<string, SanityDocument>;
  files: Map<string, string>;
}

/**
 * Evaluates GROQ with groq-js over a dataset export, loaded once on the first query.
 * groq-js has no perspectives, so drafts and release versions are dropped here: that is what
 * hosted Sanity's `published` perspective returns.
 */
export function createLocalSource(options: LocalSourceOptions): ContentSource {
  let loading: Promise<PublishedIndex> | undefined;
  let files = new Map<string, string>();
  const load = (): Promise<PublishedIndex> =>
    (loading ??= loadExport(resolve(options.datasetDir), options).then(
      ({ documents, assetFiles }) => {
        const published = documents.filter((doc) => !isUnpublishedId(doc._id));
        files = assetFiles;
        return { published, byId: new Map(published.map((doc) => [doc._id, doc])), files };
      },
    ));

  return {
    kind: 'local',
    projectId: options.projectId,
    dataset: options.dataset,
    async fetchQuery(query, params = {}) {
      const { published, byId } = await load();
      const tree = parse(query, { params });
      const value = await evaluate(tree, {
        dataset: published,
        params,
        // Without it groq-js scans the whole dataset for every `->`.
        dereference: ({ _ref }) => byId.get(_ref) ?? null,
        sanity: { projectId: options.projectId, dataset: options.dataset },
      });
      return (await value.get()) as unknown;
    },
    assetFilePath(assetId) {
      return files.get(assetId) ?? null;
    },
  };
}
