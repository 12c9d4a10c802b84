// Runs the Studio's own validation (the schema of config.ts with its plugins, through Sanity's
// `@sanity/validation`) outside a browser, over documents given as data. The tests use it to prove
// that the Studio and the build's zod validation agree; queries go to the caller's `fetch`, which
// evaluates GROQ over the same documents (as the Content Lake would).
import { validateDocumentWithWorkspace, type ValidationClient } from '@sanity/validation';
// The English validation messages the package uses without a Studio (exported, but not typed).
import * as validationInternals from '@sanity/validation/_internal';
import { Observable } from 'rxjs';
import { prepareConfig, type SanityDocument } from 'sanity';
import type { LocaleSource } from '@sanity/validation/_internal';
import { createStudioConfig } from './config.ts';

export interface StudioProblem {
  /** `body[3].markDefs[0].href`, keys shown as `[_key=="…"]`. */
  path: string;
  message: string;
}

export interface StudioValidatorOptions {
  /** Evaluates a GROQ query over the dataset the documents belong to. */
  fetch: (query: string, params: Record<string, unknown>) => Promise<unknown>;
}

type Segment = string | number | { _key: string } | [number | '', number | ''];

function formatPath(path: readonly Segment[]): string {
  return path
    .map((segment, i) => {
      if (typeof segment === 'number') return `[${String(segment)}]`;
      if (typeof segment === 'string') return i === 0 ? segment : `.${segment}`;
      if (Array.isArray(segment)) return `[${segment.join(':')}]`;
      return `[_key=="${segment._key}"]`;
    })
    .join('');
}

/** A Sanity client with only what validators use, answering queries through `fetch`. */
function createClient(fetch: StudioValidatorOptions['fetch']): ValidationClient {
  const client = {
    fetch: (query: string, params?: Record<string, unknown>) => fetch(query, params ?? {}),
    getDataUrl: (operation: string, path?: string) => `/data/${operation}/local/${path ?? ''}`,
    observable: {
      fetch: (query: string, params?: Record<string, unknown>) =>
        new Observable((subscriber) => {
          fetch(query, params ?? {}).then(
            (result) => {
              subscriber.next(result);
              subscriber.complete();
            },
            (error: unknown) => {
              subscriber.error(error);
            },
          );
        }),
      request: () =>
        new Observable((subscriber) => {
          subscriber.error(new Error('No HTTP requests in offline validation'));
        }),
    },
    withConfig: () => client,
  };
  return client as unknown as ValidationClient;
}

/** Returns a function that lists the error-level problems the Studio shows for a document. */
export function createStudioValidator(options: StudioValidatorOptions) {
  const prepared = prepareConfig(createStudioConfig({ projectId: 'local', dataset: 'production' }));
  const workspace = prepared.workspaces[0];
  if (!workspace) throw new Error('The Studio config has no workspace');
  const { schema } = workspace;
  const client = createClient(options.fetch);
  const { getFallbackLocaleSource } = validationInternals as unknown as {
    getFallbackLocaleSource: () => LocaleSource;
  };
  const i18n = getFallbackLocaleSource();

  return {
    /** Document types the Studio edits (not Sanity's own). */
    documentTypes: schema
      .getTypeNames()
      .filter((name) => !name.startsWith('sanity.') && schema.get(name)?.type?.name === 'document'),
    async validate(
      document: SanityDocument,
      exists: (id: string) => boolean,
    ): Promise<StudioProblem[]> {
      // As the Studio runs it ('studio'): in 'cli' mode Sanity adds an unknown-fields check to every
      // object that turns that object's own rules into warnings.
      const markers = await validateDocumentWithWorkspace({
        document,
        workspace: { schema, getClient: () => client as never, i18n },
        environment: 'studio',
        getDocumentExists: ({ id }) => Promise.resolve(exists(id)),
      });
      return markers
        .filter((marker) => marker.level === 'error')
        .map((marker) => ({
          path: formatPath(marker.path as Segment[]),
          message: marker.message,
        }));
    },
  };
}
