import { locales, type Locale } from '../../i18n/locales.ts';
import type { TranslationLink } from '../types.ts';
import type { RawTranslationGroup } from '../schemas/documents.ts';
import { describeProblem } from '../validate.ts';

export interface TranslatableDocument {
  _id: string;
  type: string;
  language: Locale;
  slug: string;
  title: string;
}

export interface TranslationIndex {
  /** The translation group of a document; a document without a group is its own group. */
  keyOf(id: string): string;
  /** The other published languages of a document, in the site's locale order. */
  translationsOf(id: string): TranslationLink[];
}

/**
 * Joins `translation.metadata` groups with the published documents of every type. A group may
 * name translations that are not published (drafts in progress): they are left out of the links.
 * Returns the problems it finds instead of throwing, so they join the other validation errors.
 */
export function indexTranslations(
  groups: readonly RawTranslationGroup[],
  documents: readonly TranslatableDocument[],
): { index: TranslationIndex; problems: string[] } {
  const byId = new Map(documents.map((doc) => [doc._id, doc]));
  const groupOf = new Map<string, string>();
  const members = new Map<string, TranslatableDocument[]>();
  const problems: string[] = [];

  for (const group of groups) {
    const found: TranslatableDocument[] = [];
    group.translations.forEach(({ language, ref }, i) => {
      const doc = byId.get(ref);
      if (doc === undefined) return;
      const field = `translations[${String(i)}]`;
      const other = groupOf.get(ref);
      if (doc.language !== language) {
        problems.push(
          describeProblem(
            'translation.metadata',
            group._id,
            field,
            `lists "${ref}" as ${language}, but its language is ${doc.language}`,
          ),
        );
      } else if (other !== undefined) {
        problems.push(
          describeProblem(
            'translation.metadata',
            group._id,
            field,
            `lists "${ref}", which already belongs to "${other}"`,
          ),
        );
      } else if (found.some((member) => member.language === language)) {
        problems.push(
          describeProblem(
            'translation.metadata',
            group._id,
            field,
            `lists a second ${language} translation "${ref}"`,
          ),
        );
      } else if (group.schemaTypes !== null && !group.schemaTypes.includes(doc.type)) {
        problems.push(
          describeProblem(
            'translation.metadata',
            group._id,
            field,
            `lists the ${doc.type} "${ref}", but schemaTypes is ${group.schemaTypes.join(', ')}`,
          ),
        );
      } else {
        groupOf.set(ref, group._id);
        found.push(doc);
      }
    });
    members.set(group._id, found);
  }

  const order = (doc: TranslatableDocument) => locales.indexOf(doc.language);
  const index: TranslationIndex = {
    keyOf: (id) => groupOf.get(id) ?? id,
    translationsOf(id) {
      const key = groupOf.get(id);
      const group = key === undefined ? [] : (members.get(key) ?? []);
      return group
        .filter((doc) => doc._id !== id)
        .sort((a, b) => order(a) - order(b))
        .map(({ _id, language, slug, title }) => ({ _id, language, slug, title }));
    },
  };
  return { index, problems };
}
