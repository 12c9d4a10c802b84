import { defineField, defineType, type SlugValue } from 'sanity';
import { maxLength, reservedPageSlugs } from '../../src/content/schemas/rules.ts';
import { languageField, slugField } from './fields.ts';
import { bodyField } from './portable-text.ts';
import { textUpTo } from './rules.ts';

export const page = defineType({
  name: 'page',
  title: 'Page',
  type: 'document',
  fields: [
    languageField,
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      validation: textUpTo(maxLength.pageTitle),
    }),
    // A page lives at /{language}/{slug}/, so it must not take a segment another route uses.
    slugField('title', (rule) =>
      rule.custom<SlugValue>((value) =>
        value?.current && (reservedPageSlugs as readonly string[]).includes(value.current)
          ? `is reserved for another route (${reservedPageSlugs.join(', ')})`
          : true,
      ),
    ),
    bodyField,
  ],
  orderings: [{ title: 'Title', name: 'titleAsc', by: [{ field: 'title', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', language: 'language', slug: 'slug.current' },
    prepare: ({ title, language, slug }: Record<string, unknown>) => ({
      title: typeof title === 'string' ? title : 'Untitled page',
      subtitle: [typeof language === 'string' ? language.toUpperCase() : '', slug]
        .filter((part) => typeof part === 'string' && part !== '')
        .join(' · /'),
    }),
  },
});
