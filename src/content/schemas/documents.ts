import { z } from 'zod';
import type { Locale } from '../../i18n/locales.ts';
import {
  dateTime,
  image,
  imageAsset,
  locale,
  optionalTextUpTo,
  resolved,
  slug,
  text,
  textUpTo,
} from './fields.ts';
import { portableText } from './portable-text.ts';
import { maxLength, navigationLinks } from './rules.ts';

/** Schemas of query results (see `../queries.ts`), one per document type. */

const documentId = z.string().min(1);

export const rawArticle = z
  .object({
    _id: documentId,
    language: locale,
    title: textUpTo(maxLength.articleTitle),
    slug,
    excerpt: textUpTo(maxLength.articleExcerpt),
    body: portableText.min(1, 'must not be empty'),
    coverImage: image,
    author: resolved(z.object({ _id: documentId }), 'author'),
    categories: z
      .array(resolved(z.object({ _id: documentId, language: locale }), 'category'))
      .default([]),
    publishedAt: dateTime,
    updatedAt: dateTime.nullable(),
    seo: z.object({
      title: optionalTextUpTo(maxLength.seoTitle),
      description: optionalTextUpTo(maxLength.seoDescription),
    }),
  })
  .superRefine((article, ctx) => {
    article.categories.forEach((category, i) => {
      if (category.language !== article.language) {
        ctx.addIssue({
          code: 'custom',
          path: ['categories', i],
          message: `must reference a category in ${article.language}, not "${category._id}" (${category.language})`,
        });
      }
    });
    if (
      article.updatedAt !== null &&
      Date.parse(article.updatedAt) < Date.parse(article.publishedAt)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['updatedAt'],
        message: 'must not be before publishedAt',
      });
    }
  });

export const rawCategory = z.object({
  _id: documentId,
  language: locale,
  title: textUpTo(maxLength.categoryTitle),
  slug,
  description: textUpTo(maxLength.categoryDescription),
});

export const rawPage = z.object({
  _id: documentId,
  language: locale,
  title: textUpTo(maxLength.pageTitle),
  slug,
  body: portableText.min(1, 'must not be empty'),
});

export const rawAuthor = z.object({
  _id: documentId,
  name: textUpTo(maxLength.authorName),
  // The name as written in some locales (Arabic script, a transliteration); absent: `name`.
  localizedName: z
    .strictObject({
      _type: z.string().optional(),
      en: textUpTo(maxLength.authorName).optional(),
      de: textUpTo(maxLength.authorName).optional(),
      fr: textUpTo(maxLength.authorName).optional(),
      ar: textUpTo(maxLength.authorName).optional(),
    })
    .nullish()
    .transform((names) => withoutType(names ?? {})),
  slug,
  // Avatars are optional; the author's name always stands next to one, so its alt is the name.
  avatar: image.nullable(),
  // One text per known locale; English is the fallback, so it is required.
  bio: z
    .strictObject({
      _type: z.string().optional(),
      en: text,
      de: text.optional(),
      fr: text.optional(),
      ar: text.optional(),
    })
    .transform(withoutType),
});

/** Keeps only the locales that are present, without the object's `_type`. */
function withoutType(
  perLocale: Record<string, string | undefined>,
): Partial<Record<Locale, string>> {
  return Object.fromEntries(
    Object.entries(perLocale).filter(([key, value]) => key !== '_type' && value !== undefined),
  );
}

const navigationReference = resolved(
  z.object({
    _id: documentId,
    _type: z.enum(['page', 'category'], 'must be a page or a category'),
    language: locale,
    slug,
  }),
  'page or category',
);

export const rawSettings = z.object({
  _id: documentId,
  language: locale,
  title: textUpTo(maxLength.settingsTitle),
  description: textUpTo(maxLength.settingsDescription),
  footer: textUpTo(maxLength.settingsFooter),
  navigation: z
    .array(
      z.union(
        [
          z.object({
            _key: text,
            label: textUpTo(maxLength.navigationLabel),
            link: z.enum(navigationLinks),
            reference: z.null(),
          }),
          z.object({
            _key: text,
            label: textUpTo(maxLength.navigationLabel),
            link: z.null(),
            reference: navigationReference,
          }),
        ],
        'must link to articles or search, or reference a page or category',
      ),
    )
    .min(1, 'must have at least one entry'),
});

export const rawTranslationGroup = z.object({
  _id: documentId,
  schemaTypes: z.array(z.string()).nullable(),
  translations: z
    .array(z.object({ language: locale, ref: documentId }))
    .min(1, 'must list at least one translation'),
});

export const rawImageAsset = imageAsset;

export type RawArticle = z.output<typeof rawArticle>;
export type RawCategory = z.output<typeof rawCategory>;
export type RawPage = z.output<typeof rawPage>;
export type RawAuthor = z.output<typeof rawAuthor>;
export type RawSettings = z.output<typeof rawSettings>;
export type RawTranslationGroup = z.output<typeof rawTranslationGroup>;
export type RawImageAsset = z.output<typeof rawImageAsset>;
