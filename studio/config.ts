// The Studio's workspace, as a function so that tests can build it for any project id.
import { codeInput } from '@sanity/code-input';
import { documentInternationalization } from '@sanity/document-internationalization';
import { visionTool } from '@sanity/vision';
import { defineConfig } from 'sanity';
import { structureTool } from 'sanity/structure';
import { locales } from '../src/content/schemas/rules.ts';
import { schemaTypes, translatedTypes } from './schema/index.ts';

const languageTitles: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  ar: 'العربية',
};

export function createStudioConfig(options: { projectId: string; dataset: string }) {
  return defineConfig({
    name: 'default',
    title: 'Polyglot Press',
    projectId: options.projectId,
    dataset: options.dataset,
    plugins: [
      structureTool(),
      // One document per language, linked by `translation.metadata` documents: the shape the build
      // queries (src/content/queries.ts, translationGroupsQuery).
      documentInternationalization({
        supportedLanguages: locales.map((id) => ({ id, title: languageTitles[id] ?? id })),
        schemaTypes: translatedTypes,
        languageField: 'language',
        // A translation may be a draft or be deleted without blocking its group (the dataset's
        // references are weak too).
        weakReferences: true,
      }),
      codeInput(),
      visionTool({ defaultApiVersion: '2025-02-19' }),
    ],
    schema: { types: schemaTypes },
  });
}
