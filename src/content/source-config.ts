import { resolve } from 'node:path';

/** Where content comes from, decided once from the environment. */
export type ContentConfig =
  | {
      kind: 'sanity';
      projectId: string;
      dataset: string;
      apiVersion: string;
      token: string | undefined;
      apiHost: string | undefined;
    }
  | { kind: 'local'; projectId: string; dataset: string; datasetDir: string };

export const defaultApiVersion = '2025-02-19';
export const defaultDatasetDir = 'src/content/dataset';
/** Project id used in the asset URLs of the embedded dataset (Sanity ids are lowercase alphanumerics). */
export const localProjectId = 'local';

/**
 * Reads the content configuration: hosted Sanity when `SANITY_PROJECT_ID` is set, otherwise the
 * local export at `CONTENT_DATASET_DIR` (relative paths resolve against the working directory,
 * which is the project root for every npm script).
 */
export function readContentConfig(env: NodeJS.ProcessEnv = process.env): ContentConfig {
  const dataset = nonEmpty(env['SANITY_DATASET']) ?? 'production';
  const projectId = nonEmpty(env['SANITY_PROJECT_ID']);
  if (projectId !== undefined) {
    return {
      kind: 'sanity',
      projectId,
      dataset,
      apiVersion: nonEmpty(env['SANITY_API_VERSION']) ?? defaultApiVersion,
      token: nonEmpty(env['SANITY_READ_TOKEN']),
      apiHost: nonEmpty(env['SANITY_API_HOST']),
    };
  }
  return {
    kind: 'local',
    projectId: localProjectId,
    dataset,
    datasetDir: resolve(nonEmpty(env['CONTENT_DATASET_DIR']) ?? defaultDatasetDir),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
