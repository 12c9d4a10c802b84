import { defineField, defineType } from 'sanity';
import { maxLength } from '../../src/content/schemas/rules.ts';
import { languageField, slugField } from './fields.ts';
import { textUpTo } from './rules.ts';

export const category = defineType({
  name: 'category',
  title: 'Category',
  type: 'document',
  fields: [
    languageField,
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      validation: textUpTo(maxLength.categoryTitle),
    }),
    slugField('title'),
    defineField({
      name: 'description',
      title: 'Description',
      type: 'text',
      rows: 3,
      validation: textUpTo(maxLength.categoryDescription),
    }),
  ],
  orderings: [{ title: 'Title', name: 'titleAsc', by: [{ field: 'title', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', language: 'language' },
    prepare: ({ title, language }: Record<string, unknown>) => ({
      title: typeof title === 'string' ? title : 'Untitled category',
      subtitle: typeof language === 'string' ? language.toUpperCase() : undefined,
    }),
  },
});
