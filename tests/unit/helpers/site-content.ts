// Test data builder for `SiteContent`: tests say which documents exist in which locales and get
// a complete, consistent object back (translations linked, categories in each article's language).
import type {
  Article,
  Author,
  Category,
  ImageAsset,
  Page,
  SiteContent,
  SiteSettings,
  TranslationLink,
} from '../../../src/content/index';
import { locales, type Locale } from '../../../src/i18n/locales';

type Slugs = Partial<Record<Locale, string>>;

export interface ArticleSpec {
  key: string;
  slugs: Slugs;
  publishedAt: string;
  categories?: string[];
  author?: string;
}

export interface ContentSpec {
  articles?: ArticleSpec[];
  categories?: { key: string; slugs: Slugs }[];
  pages?: { key: string; slugs: Slugs }[];
  authors?: string[];
}

export function image(name: string): ImageAsset {
  return {
    assetId: `image-${name}-1200x675-jpg`,
    width: 1200,
    height: 675,
    alt: `Alt of ${name}`,
    url: null,
    localPath: `/data/images/${name}-1200x675.jpg`,
  };
}

function links<T extends { _id: string; language: Locale; slug: string; title: string }>(
  group: T[],
  self: T,
): TranslationLink[] {
  return group
    .filter((other) => other !== self)
    .map(({ _id, language, slug, title }) => ({ _id, language, slug, title }));
}

function perLocale<T>(make: () => T): Record<Locale, T> {
  return Object.fromEntries(locales.map((locale) => [locale, make()])) as Record<Locale, T>;
}

export function buildContent(spec: ContentSpec): SiteContent {
  const authors: Author[] = (spec.authors ?? ['amara-okafor']).map((slug) => ({
    _id: `author.${slug}`,
    name: slug.replace('-', ' '),
    localizedName: {},
    slug,
    avatar: null,
    bio: { en: `Bio of ${slug}` },
  }));

  const categories = perLocale<Category[]>(() => []);
  for (const { key, slugs } of spec.categories ?? []) {
    const group: Category[] = Object.entries(slugs).map(([language, slug]) => ({
      _id: `category.${key}.${language}`,
      key: `translation.metadata.category.${key}`,
      language: language as Locale,
      title: `${key} (${language})`,
      slug,
      description: `About ${key}`,
      translations: [],
    }));
    for (const category of group) {
      category.translations = links(group, category);
      categories[category.language].push(category);
    }
  }

  const articles = perLocale<Article[]>(() => []);
  for (const articleSpec of spec.articles ?? []) {
    const author = authors.find(
      (candidate) => candidate.slug === (articleSpec.author ?? authors[0]?.slug),
    );
    if (author === undefined) throw new Error(`Unknown author in ${articleSpec.key}`);
    const group: Article[] = Object.entries(articleSpec.slugs).map(([language, slug]) => ({
      _id: `article.${articleSpec.key}.${language}`,
      key: `translation.metadata.article.${articleSpec.key}`,
      language: language as Locale,
      title: `${articleSpec.key} (${language})`,
      slug,
      excerpt: `Excerpt of ${articleSpec.key}`,
      body: [],
      coverImage: image(articleSpec.key),
      author: {
        _id: author._id,
        name: author.name,
        localizedName: {},
        slug: author.slug,
        avatar: null,
        bio: '',
      },
      categories: (articleSpec.categories ?? []).flatMap((categoryKey) => {
        const category = categories[language as Locale].find(
          (candidate) => candidate.key === `translation.metadata.category.${categoryKey}`,
        );
        return category === undefined
          ? []
          : [{ _id: category._id, key: category.key, title: category.title, slug: category.slug }];
      }),
      publishedAt: articleSpec.publishedAt,
      updatedAt: null,
      seo: { title: null, description: null },
      translations: [],
    }));
    for (const article of group) {
      article.translations = links(group, article);
      articles[article.language].push(article);
    }
  }
  for (const locale of locales) {
    articles[locale].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  }

  const pages = perLocale<Page[]>(() => []);
  for (const { key, slugs } of spec.pages ?? []) {
    const group: Page[] = Object.entries(slugs).map(([language, slug]) => ({
      _id: `page.${key}.${language}`,
      key: `translation.metadata.page.${key}`,
      language: language as Locale,
      title: `${key} (${language})`,
      slug,
      body: [],
      translations: [],
    }));
    for (const page of group) {
      page.translations = links(group, page);
      pages[page.language].push(page);
    }
  }

  const settings = Object.fromEntries(
    locales.map((language): [Locale, SiteSettings] => [
      language,
      {
        language,
        title: `Polyglot Press (${language})`,
        description: 'A multilingual publication',
        footer: 'Footer',
        navigation: [{ label: 'Articles', target: { type: 'articles' } }],
      },
    ]),
  ) as Record<Locale, SiteSettings>;

  return {
    articles,
    categories,
    authors,
    pages,
    settings,
    source: { kind: 'local', projectId: 'local', dataset: 'production' },
  };
}

/** `count` articles published one day apart (newest first), existing only in the given locales. */
export function manyArticles(count: number, inLocales: Locale[]): ArticleSpec[] {
  return Array.from({ length: count }, (_, index) => {
    const day = String(28 - (index % 28)).padStart(2, '0');
    const month = String(12 - Math.floor(index / 28)).padStart(2, '0');
    return {
      key: `a${index}`,
      slugs: Object.fromEntries(inLocales.map((locale) => [locale, `a${index}-${locale}`])),
      publishedAt: `2026-${month}-${day}T09:00:00Z`,
    };
  });
}
