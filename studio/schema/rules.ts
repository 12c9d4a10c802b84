// Validation helpers that apply the build's rules (src/content/schemas/rules.ts) in the Studio, with
// the same wording as the build's error messages so an editor and a failed build say the same thing.
import type {
  CustomValidator,
  SlugValidationContext,
  SlugValue,
  StringRule,
  ValidationContext,
} from 'sanity';
import { countCharacters, locales, slugPattern } from '../../src/content/schemas/rules.ts';

export { locales };

/** Sanity's client API version for the validators' queries. */
const apiVersion = '2025-02-19';

/** Required text, not blank, at most `max` characters (as the build's `textUpTo`). */
export function textUpTo(max: number) {
  return (rule: StringRule) =>
    rule.required().custom<string>((value) => {
      if (value === undefined) return true; // required() reports it
      if (value.trim() === '') return 'must not be empty';
      return countCharacters(value) <= max ? true : `must be at most ${String(max)} characters`;
    });
}

/** Optional text: absent, or not blank and at most `max` characters (the build's `optionalTextUpTo`). */
export function optionalTextUpTo(max: number) {
  return (rule: StringRule) =>
    rule.custom<string>((value) => {
      if (value === undefined || value === null) return true;
      if (value.trim() === '') return 'must not be empty (remove the field instead)';
      return countCharacters(value) <= max ? true : `must be at most ${String(max)} characters`;
    });
}

/** Lowercase ASCII words and single hyphens; Arabic titles are transliterated by hand. */
export function slugify(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 96);
}

export const slugFormat: CustomValidator<SlugValue | undefined> = (value) => {
  if (!value?.current) return true;
  return slugPattern.test(value.current)
    ? true
    : 'must be lowercase ASCII letters, digits and single hyphens';
};

function publishedId(id: string): string {
  return id.replace(/^drafts\./, '').replace(/^versions\.[^.]+\./, '');
}

/**
 * Slugs are unique per document type and language (two languages may share one, e.g. `about`); a
 * document's own draft and published versions do not count as duplicates.
 */
export async function isUniquePerLanguage(
  slug: string,
  context: SlugValidationContext,
): Promise<boolean> {
  const { document, getClient } = context;
  if (!document) return true;
  const id = publishedId(document._id);
  const found = await getClient({ apiVersion }).fetch<number>(
    'count(*[_type == $type && language == $language && slug.current == $slug && !(_id in [$id, $draft]) && !(_id in path("versions.**"))])',
    {
      type: document._type,
      language: (document as { language?: string }).language ?? null,
      slug,
      id,
      draft: `drafts.${id}`,
    },
  );
  return found === 0;
}

/** The languages of the referenced documents (published, as the build sees them). */
export async function languagesOf(
  ids: string[],
  context: ValidationContext,
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await context
    .getClient({ apiVersion })
    .fetch<{ _id: string; language: string | null }[]>(
      '*[_id in $ids]{ _id, "language": coalesce(language, null) }',
      { ids },
    );
  return new Map(rows.map((row) => [row._id, row.language]));
}

export function languageOf(context: ValidationContext): string | undefined {
  return (context.document as { language?: string } | undefined)?.language;
}
