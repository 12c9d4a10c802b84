import { locales, type Locale } from '../i18n/locales.ts';
import {
  articlesQuery,
  authorsQuery,
  categoriesQuery,
  imageAssetsQuery,
  pagesQuery,
  settingsQuery,
  translationGroupsQuery,
  unknownLanguageQuery,
} from './queries.ts';
import {
  rawArticle,
  rawAuthor,
  rawCategory,
  rawImageAsset,
  rawPage,
  rawSettings,
  rawTranslationGroup,
  type RawArticle,
  type RawAuthor,
  type RawCategory,
  type RawImageAsset,
  type RawPage,
  type RawSettings,
  type RawTranslationGroup,
} from './schemas/documents.ts';
import type { ContentSource } from './sources/content-source.ts';
import { ContentValidationError, describeProblem, parseDocuments } from './validate.ts';

/** Validated query results, before they are joined into the site's shape. */
export interface RawContent {
  articles: Record<Locale, RawArticle[]>;
  categories: Record<Locale, RawCategory[]>;
  pages: Record<Locale, RawPage[]>;
  settings: Record<Locale, RawSettings[]>;
  authors: RawAuthor[];
  imageAssets: RawImageAsset[];
  translationGroups: RawTranslationGroup[];
}

/** Runs every query once (per type, and per locale where the type is translated) and validates the results. */
export async function fetchRawContent(source: ContentSource): Promise<RawContent> {
  const perLocale = await Promise.all(
    locales.map(async (language) => {
      const params = { language };
      const [articles, categories, pages, settings] = await Promise.all([
        source.fetchQuery(articlesQuery, params),
        source.fetchQuery(categoriesQuery, params),
        source.fetchQuery(pagesQuery, params),
        source.fetchQuery(settingsQuery, params),
      ]);
      return { language, articles, categories, pages, settings };
    }),
  );
  const [authors, imageAssets, translationGroups, strays] = await Promise.all([
    source.fetchQuery(authorsQuery),
    source.fetchQuery(imageAssetsQuery),
    source.fetchQuery(translationGroupsQuery),
    source.fetchQuery(unknownLanguageQuery, { locales }),
  ]);

  // Validate everything before failing, so one build run reports every broken document.
  const problems: string[] = describeUnknownLanguages(strays);
  const collect = <T>(parse: () => T, fallback: T): T => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof ContentValidationError)) throw error;
      problems.push(...error.problems);
      return fallback;
    }
  };
  const byLocale = <T>(pick: (entry: (typeof perLocale)[number]) => T[]): Record<Locale, T[]> =>
    Object.fromEntries(perLocale.map((entry) => [entry.language, pick(entry)])) as Record<
      Locale,
      T[]
    >;

  const content: RawContent = {
    articles: byLocale((e) => collect(() => parseDocuments(rawArticle, 'article', e.articles), [])),
    categories: byLocale((e) =>
      collect(() => parseDocuments(rawCategory, 'category', e.categories), []),
    ),
    pages: byLocale((e) => collect(() => parseDocuments(rawPage, 'page', e.pages), [])),
    settings: byLocale((e) =>
      collect(() => parseDocuments(rawSettings, 'siteSettings', e.settings), []),
    ),
    authors: collect(() => parseDocuments(rawAuthor, 'author', authors), []),
    imageAssets: collect(() => parseDocuments(rawImageAsset, 'sanity.imageAsset', imageAssets), []),
    translationGroups: collect(
      () => parseDocuments(rawTranslationGroup, 'translation.metadata', translationGroups),
      [],
    ),
  };
  if (problems.length > 0) throw new ContentValidationError(problems);
  return content;
}

function describeUnknownLanguages(strays: unknown): string[] {
  const docs = Array.isArray(strays)
    ? (strays as { _id: string; _type: string; language: unknown }[])
    : [];
  return docs.map(({ _id, _type, language }) =>
    describeProblem(
      _type,
      _id,
      'language',
      `must be one of ${locales.join(', ')}, not ${JSON.stringify(language)}`,
    ),
  );
}
