import { defaultLocale, locales, type Locale } from '../../i18n/locales.ts';
import type { RawContent } from '../fetch-raw-content.ts';
import type { RawSettings } from '../schemas/documents.ts';
import type { ContentSource } from '../sources/content-source.ts';
import type { Article, Author, Category, Page, SiteContent, SiteSettings } from '../types.ts';
import { ContentValidationError, describeProblem } from '../validate.ts';
import { toBody, toImageAsset } from './images.ts';
import { typesetBody, typesetterFor, type Typeset } from './typography.ts';
import {
  indexTranslations,
  type TranslatableDocument,
  type TranslationIndex,
} from './translation-index.ts';

/** Joins validated query results into the site's content; fails on every cross-document problem at once. */
export function assembleSiteContent(raw: RawContent, source: ContentSource): SiteContent {
  const problems: string[] = [];
  // Quotes and apostrophes in each locale's typography, whatever the editor typed.
  const typeset = mapLocales(typesetterFor);
  const documents = translatableDocuments(raw, typeset);
  problems.push(
    ...findDuplicateSlugs(documents),
    ...findDuplicateSlugs(
      raw.authors.map((a) => ({ ...a, type: 'author', language: defaultLocale, title: a.name })),
    ),
  );
  const { index, problems: groupProblems } = indexTranslations(raw.translationGroups, documents);
  problems.push(...groupProblems);

  const bodies = { source, assets: new Map(raw.imageAssets.map((a) => [a._id, a])), problems };
  const authors: Author[] = raw.authors.map((author) => ({
    _id: author._id,
    name: author.name,
    localizedName: author.localizedName,
    slug: author.slug,
    avatar: author.avatar === null ? null : toImageAsset(author.avatar, source),
    bio: Object.fromEntries(
      Object.entries(author.bio).map(([language, bio]) => [
        language,
        typeset[language as Locale](bio),
      ]),
    ),
  }));
  const authorById = new Map(authors.map((author) => [author._id, author]));

  const categories = mapLocales((language) =>
    raw.categories[language].map((category): Category => ({
      ...category,
      title: typeset[language](category.title),
      description: typeset[language](category.description),
      key: index.keyOf(category._id),
      translations: index.translationsOf(category._id),
    })),
  );
  const categoryById = new Map(locales.flatMap((l) => categories[l]).map((c) => [c._id, c]));

  const articles = mapLocales((language) =>
    raw.articles[language].map((article): Article => {
      const author = authorById.get(article.author._id);
      if (author === undefined) {
        problems.push(
          describeProblem(
            'article',
            article._id,
            'author',
            `references "${article.author._id}", which is not a valid author`,
          ),
        );
      }
      return {
        _id: article._id,
        key: index.keyOf(article._id),
        language,
        title: typeset[language](article.title),
        slug: article.slug,
        excerpt: typeset[language](article.excerpt),
        body: toBody(
          typesetBody(article.body, typeset[language]),
          { type: 'article', id: article._id },
          bodies,
        ),
        coverImage: toImageAsset(
          { ...article.coverImage, alt: typeset[language](article.coverImage.alt) },
          source,
        ),
        author: {
          _id: article.author._id,
          name: author?.name ?? '',
          localizedName: author?.localizedName ?? {},
          slug: author?.slug ?? '',
          avatar: author?.avatar ?? null,
          bio: author?.bio[language] ?? author?.bio[defaultLocale] ?? '',
        },
        categories: article.categories.map(({ _id }) => {
          const category = categoryById.get(_id);
          return {
            _id,
            key: index.keyOf(_id),
            title: category?.title ?? '',
            slug: category?.slug ?? '',
          };
        }),
        publishedAt: article.publishedAt,
        updatedAt: article.updatedAt,
        seo: {
          title: article.seo.title && typeset[language](article.seo.title),
          description: article.seo.description && typeset[language](article.seo.description),
        },
        translations: index.translationsOf(article._id),
      };
    }),
  );

  const pages = mapLocales((language) =>
    raw.pages[language].map((page): Page => ({
      _id: page._id,
      key: index.keyOf(page._id),
      language,
      title: typeset[language](page.title),
      slug: page.slug,
      body: toBody(
        typesetBody(page.body, typeset[language]),
        { type: 'page', id: page._id },
        bodies,
      ),
      translations: index.translationsOf(page._id),
    })),
  );

  const settings = mapLocales((language) =>
    toSettings(language, raw.settings[language], index, problems),
  );
  if (problems.length > 0) throw new ContentValidationError(problems);
  return {
    articles,
    categories,
    authors,
    pages,
    settings,
    source: { kind: source.kind, projectId: source.projectId, dataset: source.dataset },
  };
}

function toSettings(
  language: Locale,
  found: RawSettings[],
  index: TranslationIndex,
  problems: string[],
): SiteSettings {
  const [settings, ...extra] = found;
  if (settings === undefined) {
    problems.push(`Missing siteSettings for locale "${language}"`);
    return { language, title: '', description: '', footer: '', navigation: [] };
  }
  for (const duplicate of extra) {
    problems.push(
      describeProblem(
        'siteSettings',
        duplicate._id,
        'language',
        `repeats ${language}, already set by "${settings._id}"`,
      ),
    );
  }
  return {
    language,
    title: settings.title,
    description: settings.description,
    footer: settings.footer,
    navigation: settings.navigation.map((item, i) => {
      if (item.reference === null) return { label: item.label, target: { type: item.link } };
      const { _id, _type, slug } = item.reference;
      if (item.reference.language !== language) {
        problems.push(
          describeProblem(
            'siteSettings',
            settings._id,
            `navigation[${String(i)}].reference`,
            `must reference a ${language} document, not "${_id}"`,
          ),
        );
      }
      return { label: item.label, target: { type: _type, key: index.keyOf(_id), slug } };
    }),
  };
}

/** Every translated document, titled as its pages show it (the switcher and tests compare them). */
function translatableDocuments(
  raw: RawContent,
  typeset: Record<Locale, Typeset>,
): TranslatableDocument[] {
  return locales.flatMap((language) =>
    [
      ...raw.articles[language].map((doc) => ({ ...doc, type: 'article' })),
      ...raw.categories[language].map((doc) => ({ ...doc, type: 'category' })),
      ...raw.pages[language].map((doc) => ({ ...doc, type: 'page' })),
    ].map((doc) => ({ ...doc, title: typeset[language](doc.title) })),
  );
}

/** Two documents of one type and locale with one slug would be one URL. */
function findDuplicateSlugs(
  documents: readonly { _id: string; type: string; language: Locale; slug: string }[],
): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const doc of documents) {
    const route = `${doc.type}:${doc.language}:${doc.slug}`;
    const first = seen.get(route);
    if (first === undefined) seen.set(route, doc._id);
    else
      problems.push(
        describeProblem(doc.type, doc._id, 'slug', `"${doc.slug}" is already used by "${first}"`),
      );
  }
  return problems;
}

function mapLocales<T>(build: (language: Locale) => T): Record<Locale, T> {
  return Object.fromEntries(locales.map((language) => [language, build(language)])) as Record<
    Locale,
    T
  >;
}
