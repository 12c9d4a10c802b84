import { defineArrayMember, defineField, defineType } from 'sanity';
import { maxLength } from '../../src/content/schemas/rules.ts';
import { imageField, languageField, slugField } from './fields.ts';
import { bodyField } from './portable-text.ts';
import { languageOf, languagesOf, optionalTextUpTo, textUpTo } from './rules.ts';

export const article = defineType({
  name: 'article',
  title: 'Article',
  type: 'document',
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'meta', title: 'Publishing' },
    { name: 'seo', title: 'Search engines' },
  ],
  fields: [
    languageField,
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      group: 'content',
      validation: textUpTo(maxLength.articleTitle),
    }),
    { ...slugField('title'), group: 'content' },
    defineField({
      name: 'excerpt',
      title: 'Excerpt',
      type: 'text',
      rows: 3,
      group: 'content',
      validation: textUpTo(maxLength.articleExcerpt),
    }),
    { ...imageField('coverImage', 'Cover image', true), group: 'content' },
    { ...bodyField, group: 'content' },
    defineField({
      name: 'author',
      title: 'Author',
      type: 'reference',
      to: [{ type: 'author' }],
      group: 'meta',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'categories',
      title: 'Categories',
      type: 'array',
      group: 'meta',
      description: 'Categories in the same language as the article.',
      of: [
        defineArrayMember({
          type: 'reference',
          to: [{ type: 'category' }],
          options: {
            filter: ({ document }) => ({
              filter: 'language == $language',
              params: { language: (document as { language?: string }).language ?? '' },
            }),
          },
        }),
      ],
      validation: (rule) =>
        rule.unique().custom<{ _ref?: string }[]>(async (value, context) => {
          const refs = (value ?? []).flatMap((item) => (item._ref ? [item._ref] : []));
          const languages = await languagesOf(refs, context);
          const language = languageOf(context);
          const wrong = refs.filter((ref) => languages.has(ref) && languages.get(ref) !== language);
          return wrong.length === 0
            ? true
            : `must reference categories in ${language ?? 'the article’s language'}, not ${wrong.join(', ')}`;
        }),
    }),
    defineField({
      name: 'publishedAt',
      title: 'Published at',
      type: 'datetime',
      group: 'meta',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'updatedAt',
      title: 'Updated at',
      type: 'datetime',
      group: 'meta',
      validation: (rule) =>
        rule.custom<string>((value, context) => {
          const publishedAt = (context.document as { publishedAt?: string } | undefined)
            ?.publishedAt;
          if (!value || !publishedAt) return true;
          return Date.parse(value) >= Date.parse(publishedAt)
            ? true
            : 'must not be before publishedAt';
        }),
    }),
    defineField({
      name: 'seo',
      title: 'Search engines',
      type: 'object',
      group: 'seo',
      options: { collapsible: true, collapsed: true },
      fields: [
        defineField({
          name: 'title',
          title: 'Title for search engines',
          type: 'string',
          validation: optionalTextUpTo(maxLength.seoTitle),
        }),
        defineField({
          name: 'description',
          title: 'Description for search engines',
          type: 'text',
          rows: 2,
          validation: optionalTextUpTo(maxLength.seoDescription),
        }),
      ],
    }),
  ],
  orderings: [
    {
      title: 'Published, newest first',
      name: 'publishedAtDesc',
      by: [{ field: 'publishedAt', direction: 'desc' }],
    },
    {
      title: 'Published, oldest first',
      name: 'publishedAtAsc',
      by: [{ field: 'publishedAt', direction: 'asc' }],
    },
  ],
  preview: {
    select: { title: 'title', language: 'language', date: 'publishedAt', media: 'coverImage' },
    prepare: ({ title, language, date, media }: Record<string, unknown>) => ({
      title: typeof title === 'string' ? title : 'Untitled article',
      subtitle: [
        typeof language === 'string' ? language.toUpperCase() : '',
        typeof date === 'string' ? date.slice(0, 10) : 'not dated',
      ]
        .filter(Boolean)
        .join(' · '),
      media: media as never,
    }),
  },
});
