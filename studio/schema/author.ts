import { defineField, defineType } from 'sanity';
import { maxLength } from '../../src/content/schemas/rules.ts';
import { imageField, slugField } from './fields.ts';
import { locales, optionalTextUpTo, textUpTo } from './rules.ts';

const localeTitles: Record<string, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  ar: 'Arabic',
};

/**
 * Authors are not translated: one document, with a biography per language (English required) and
 * optionally their name as it is written in another language.
 */
export const author = defineType({
  name: 'author',
  title: 'Author',
  type: 'document',
  fields: [
    defineField({
      name: 'name',
      title: 'Name',
      type: 'string',
      validation: textUpTo(maxLength.authorName),
    }),
    slugField('name'),
    defineField({
      name: 'localizedName',
      title: 'Name in other languages',
      description:
        'Only where the name is written differently in a language (Arabic script, a usual ' +
        'transliteration). Empty: the name above is shown.',
      type: 'object',
      options: { collapsible: true, collapsed: true },
      fields: locales.map((locale) =>
        defineField({
          name: locale,
          title: localeTitles[locale] ?? locale,
          type: 'string',
          validation: optionalTextUpTo(maxLength.authorName),
        }),
      ),
    }),
    imageField('avatar', 'Portrait', false),
    defineField({
      name: 'bio',
      title: 'Biography',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: locales.map((locale) =>
        defineField({
          name: locale,
          title: localeTitles[locale] ?? locale,
          type: 'text',
          rows: 3,
          validation: (rule) =>
            (locale === 'en' ? rule.required() : rule).custom<string>((value) =>
              value === undefined || value.trim() !== '' ? true : 'must not be empty',
            ),
        }),
      ),
    }),
  ],
  orderings: [{ title: 'Name', name: 'nameAsc', by: [{ field: 'name', direction: 'asc' }] }],
  preview: { select: { title: 'name', media: 'avatar' } },
});
