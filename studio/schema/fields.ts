// Fields several document types share: the language every translation carries, slugs, images.
import { defineField, type ImageValue, type SlugRule, type SlugValue } from 'sanity';
import { isUniquePerLanguage, locales, slugFormat, slugify } from './rules.ts';
import type { SlugValidationContext } from 'sanity';

/** Written by the translation plugin when a translation is created; editors do not change it. */
export const languageField = defineField({
  name: 'language',
  title: 'Language',
  type: 'string',
  readOnly: true,
  hidden: true,
  validation: (rule) =>
    rule
      .required()
      .custom<string>((value) =>
        value === undefined || (locales as readonly string[]).includes(value)
          ? true
          : `must be one of ${locales.join(', ')}`,
      ),
});

export function slugField(source: string, extra?: (rule: SlugRule) => SlugRule) {
  return defineField({
    name: 'slug',
    title: 'Slug',
    type: 'slug',
    description:
      'The address of this document in its language: lowercase ASCII letters, digits and hyphens. Arabic titles need a transliterated slug.',
    options: { source, slugify, isUnique: isUniquePerLanguage, maxLength: 96 },
    // A field's own validation replaces the slug type's, which would check `isUnique`: check it here.
    validation: (rule) => {
      const base = rule
        .required()
        .custom(slugFormat)
        .custom<SlugValue>(async (value, context) =>
          !value?.current ||
          (await isUniquePerLanguage(value.current, context as SlugValidationContext))
            ? true
            : 'is already used by another document of this type in this language',
        );
      // Custom rules on object types default to warnings; these must block publishing.
      return (extra ? extra(base) : base).error();
    },
  });
}

/** An image with the alternative text the site requires for every image. */
export function imageField(name: string, title: string, required: boolean) {
  return defineField({
    name,
    title,
    type: 'image',
    options: { hotspot: true },
    fields: [
      defineField({
        name: 'alt',
        title: 'Alternative text',
        type: 'string',
        description: 'What the image shows, for readers who cannot see it.',
        validation: (rule) =>
          rule
            .required()
            .custom<string>((value) =>
              value === undefined || value.trim() !== '' ? true : 'must not be empty',
            ),
      }),
    ],
    validation: (rule) =>
      required
        ? rule.required().assetRequired()
        : rule
            .custom<ImageValue>((value) =>
              value === undefined || value.asset !== undefined ? true : 'must have an image file',
            )
            .error(),
  });
}
