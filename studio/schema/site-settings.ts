import { defineArrayMember, defineField, defineType } from 'sanity';
import { maxLength, navigationLinks } from '../../src/content/schemas/rules.ts';
import { languageField } from './fields.ts';
import { languageOf, languagesOf, textUpTo } from './rules.ts';

const navigationItem = defineArrayMember({
  name: 'navigationItem',
  title: 'Navigation entry',
  type: 'object',
  fields: [
    defineField({
      name: 'label',
      title: 'Label',
      type: 'string',
      validation: textUpTo(maxLength.navigationLabel),
    }),
    defineField({
      name: 'link',
      title: 'Built-in page',
      type: 'string',
      options: { list: [...navigationLinks] },
    }),
    defineField({
      name: 'reference',
      title: 'Or a page or category',
      type: 'reference',
      to: [{ type: 'page' }, { type: 'category' }],
    }),
  ],
  // Exactly one target, in the settings' language (the build renders either a route or a document).
  validation: (rule) =>
    rule
      .custom<{ link?: string; reference?: { _ref?: string } }>(async (value, context) => {
        if (!value) return true;
        const ref = value.reference?._ref;
        if (Boolean(value.link) === Boolean(ref)) {
          return 'must link to articles or search, or reference a page or category';
        }
        if (!ref) return true;
        const language = languageOf(context);
        const languages = await languagesOf([ref], context);
        return !languages.has(ref) || languages.get(ref) === language
          ? true
          : `must reference a page or category in ${language ?? 'the same language'}`;
      })
      .error(),
  preview: {
    select: { title: 'label', link: 'link', target: 'reference.title' },
    prepare: ({ title, link, target }: Record<string, unknown>) => ({
      title: typeof title === 'string' ? title : 'Entry',
      subtitle: typeof link === 'string' ? link : typeof target === 'string' ? target : undefined,
    }),
  },
});

/** One per language, created from the translation menu. */
export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  fields: [
    languageField,
    defineField({
      name: 'title',
      title: 'Site title',
      type: 'string',
      validation: textUpTo(maxLength.settingsTitle),
    }),
    defineField({
      name: 'description',
      title: 'Description',
      type: 'text',
      rows: 3,
      validation: textUpTo(maxLength.settingsDescription),
    }),
    defineField({
      name: 'footer',
      title: 'Footer text',
      type: 'text',
      rows: 2,
      validation: textUpTo(maxLength.settingsFooter),
    }),
    defineField({
      name: 'navigation',
      title: 'Navigation',
      type: 'array',
      of: [navigationItem],
      validation: (rule) => rule.required().min(1).error('must have at least one entry'),
    }),
  ],
  preview: {
    select: { title: 'title', language: 'language' },
    prepare: ({ title, language }: Record<string, unknown>) => ({
      title: typeof title === 'string' ? title : 'Site settings',
      subtitle: typeof language === 'string' ? language.toUpperCase() : undefined,
    }),
  },
});
