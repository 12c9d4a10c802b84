/**
 * Every GROQ query the site runs. Each runs once per document type and locale per build
 * (never per page). Joins across types (translation groups, author bios, the images inside
 * bodies) happen in `assemble/` over the fetched results: groq-js evaluates a sub-query like
 * `*[references(^._id)]` by scanning the whole dataset once per document, and projecting every
 * block of every body costs it five times more than returning bodies as stored.
 */

/** An image field with its asset document dereferenced. */
const image = /* groq */ `{
  alt,
  "asset": asset->{ _id, url, "width": metadata.dimensions.width, "height": metadata.dimensions.height }
}`;

/** Articles of one locale, newest first. Params: `$language`. */
export const articlesQuery = /* groq */ `*[_type == "article" && language == $language]
  | order(publishedAt desc, _id asc) {
  _id,
  language,
  title,
  "slug": slug.current,
  excerpt,
  body,
  "coverImage": coverImage${image},
  "author": author->{ _id },
  "categories": categories[]->{ _id, language },
  publishedAt,
  updatedAt,
  "seo": { "title": seo.title, "description": seo.description }
}`;

/** Categories of one locale. Params: `$language`. */
export const categoriesQuery = /* groq */ `*[_type == "category" && language == $language]
  | order(slug.current asc) {
  _id,
  language,
  title,
  "slug": slug.current,
  description
}`;

/** Static pages (about, privacy, terms) of one locale. Params: `$language`. */
export const pagesQuery = /* groq */ `*[_type == "page" && language == $language]
  | order(slug.current asc) {
  _id,
  language,
  title,
  "slug": slug.current,
  body
}`;

/** All authors; their bios (and names where they differ) are per locale inside the one document. */
export const authorsQuery = /* groq */ `*[_type == "author"] | order(slug.current asc) {
  _id,
  name,
  localizedName,
  "slug": slug.current,
  "avatar": avatar${image},
  bio
}`;

/** Site settings of one locale (exactly one document expected). Params: `$language`. */
export const settingsQuery = /* groq */ `*[_type == "siteSettings" && language == $language] {
  _id,
  language,
  title,
  description,
  footer,
  "navigation": navigation[]{
    _key,
    label,
    link,
    "reference": reference->{ _id, _type, language, "slug": slug.current }
  }
}`;

/** Every image asset, to resolve the images inside Portable Text bodies. */
export const imageAssetsQuery = /* groq */ `*[_type == "sanity.imageAsset"] | order(_id asc) {
  _id,
  url,
  "width": metadata.dimensions.width,
  "height": metadata.dimensions.height
}`;

/**
 * Translation groups of @sanity/document-internationalization, for every document type. The Studio's
 * plugins (internationalized-array 5) store each entry's language in `language`; datasets written
 * before that have it only in `_key`.
 */
export const translationGroupsQuery = /* groq */ `*[_type == "translation.metadata"] | order(_id asc) {
  _id,
  schemaTypes,
  "translations": translations[]{ "language": coalesce(language, _key), "ref": value._ref }
}`;

/**
 * Translated documents whose `language` is not one of the site's locales: the per-locale queries
 * never see them, so without this check they would vanish silently. Params: `$locales`.
 */
export const unknownLanguageQuery = /* groq */ `*[
  _type in ["article", "category", "page", "siteSettings"]
  && (!defined(language) || !(language in $locales))
] | order(_id asc) { _id, _type, language }`;

/** Every query with the params it runs with, for tests that run them all. */
export const perLocaleQueries = {
  articlesQuery,
  categoriesQuery,
  pagesQuery,
  settingsQuery,
} as const;
export const globalQueries = { authorsQuery, imageAssetsQuery, translationGroupsQuery } as const;
export const localeListQueries = { unknownLanguageQuery } as const;
