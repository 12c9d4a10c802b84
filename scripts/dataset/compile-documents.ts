import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { defaultLocale, locales, type Locale } from '../../src/i18n/locales.ts';
import { AuthoringError } from './authoring-error.ts';
import {
  optionalText,
  requireDateTime,
  requireList,
  requireText,
  type Fields,
} from './front-matter.ts';
import { stableKey } from './keys.ts';
import { markdownToPortableText, type BodyBlock } from './markdown-to-portable-text.ts';
import { rasterize, type RasterFormat, type RasterImage } from './rasterize.ts';
import type { AuthoringSources, SourceFile, TranslatedItem } from './read-authoring.ts';

export type Doc = { _id: string; _type: string } & Record<string, unknown>;

export interface CompiledDataset {
  documents: Doc[];
  images: RasterImage[];
  /** Document `_id` → the authoring file it came from, to point writers at the file to fix. */
  sourceFiles: Map<string, string>;
}

const ref = (id: string) => ({ _type: 'reference', _ref: id });
const slugOf = (current: string) => ({ _type: 'slug', current });

export const documentIds = {
  article: (key: string, language: Locale) => `article-${key}-${language}`,
  category: (key: string, language: Locale) => `category-${key}-${language}`,
  page: (key: string, language: Locale) => `page-${key}-${language}`,
  author: (key: string) => `author-${key}`,
  settings: (language: Locale) => `siteSettings-${language}`,
  // Hyphens, not dots: a dotted id is in a "path", which hosted Sanity hides from token-less reads.
  translationGroup: (type: string, key: string) => `translation-metadata-${type}-${key}`,
};

/**
 * Turns the authoring sources into the documents of a Sanity dataset, shaped as Sanity Studio
 * with @sanity/document-internationalization stores them, with images rasterized from the SVGs.
 */
export async function compileDataset(
  sources: AuthoringSources,
  root: string,
): Promise<CompiledDataset> {
  const images = new Map<string, RasterImage>();
  const image = async (
    svg: string,
    format: RasterFormat,
    sizeFor: (w: number) => number,
    name: string,
  ) => {
    const cacheKey = `${svg}|${format}`;
    const cached = images.get(cacheKey) ?? (await rasterize(svg, format, sizeFor, name));
    images.set(cacheKey, cached);
    return cached;
  };
  const imageField = async (
    svg: string,
    format: RasterFormat,
    sizeFor: (w: number) => number,
    name: string,
    alt: string,
  ) => ({
    _type: 'image',
    _sanityAsset: (await image(svg, format, sizeFor, name)).ref,
    alt,
  });

  /** Markdown body with its figures rasterized (PNG at twice the drawing's size, for sharp screens). */
  const body = async (source: SourceFile, folder: string, id: string) => {
    const blocks: BodyBlock[] = markdownToPortableText(source.body, source.file, id);
    return Promise.all(
      blocks.map(async (block) => {
        if (block._type !== 'image') return block;
        const svg = resolve(folder, block.src);
        if (!block.src.endsWith('.svg') || dirname(svg) !== resolve(folder) || !existsSync(svg)) {
          throw new AuthoringError(
            source.file,
            `figure ${block.src} must be an .svg file next to it`,
          );
        }
        const { _key, alt, caption } = block;
        const field = await imageField(
          svg,
          'png',
          (w) => Math.min(1600, w * 2),
          relative(root, svg)
            .replaceAll('/', '-')
            .replace(/\.svg$/, ''),
          alt,
        );
        return { _key, ...field, ...(caption === undefined ? {} : { caption }) };
      }),
    );
  };

  const documents: Doc[] = [];
  const groups: Doc[] = [];
  const sourceFiles = new Map<string, string>();

  for (const category of sources.categories) {
    for (const [language, source] of category.translations) {
      const { fields, file } = source;
      sourceFiles.set(documentIds.category(category.key, language), file);
      documents.push({
        _id: documentIds.category(category.key, language),
        _type: 'category',
        language,
        title: requireText(fields, 'title', file),
        slug: slugOf(requireText(fields, 'slug', file)),
        description: requireText(fields, 'description', file),
      });
    }
    groups.push(translationGroup('category', category));
  }

  for (const page of sources.pages) {
    for (const [language, source] of page.translations) {
      const id = documentIds.page(page.key, language);
      sourceFiles.set(id, source.file);
      documents.push({
        _id: id,
        _type: 'page',
        language,
        title: requireText(source.fields, 'title', source.file),
        slug: slugOf(requireText(source.fields, 'slug', source.file)),
        body: await body(source, page.folder, id),
      });
    }
    groups.push(translationGroup('page', page));
  }

  for (const article of sources.articles) {
    const cover = join(article.folder, 'cover.svg');
    for (const [language, source] of article.translations) {
      const { fields, file } = source;
      const id = documentIds.article(article.key, language);
      sourceFiles.set(id, file);
      const seo = {
        title: optionalText(fields, 'seoTitle', file),
        description: optionalText(fields, 'seoDescription', file),
      };
      const updatedAt =
        fields['updatedAt'] === undefined ? undefined : requireDateTime(fields, 'updatedAt', file);
      documents.push({
        _id: id,
        _type: 'article',
        language,
        title: requireText(fields, 'title', file),
        slug: slugOf(requireText(fields, 'slug', file)),
        excerpt: requireText(fields, 'excerpt', file),
        coverImage: await imageField(
          cover,
          'jpg',
          () => 1600,
          `${article.key}-cover`,
          requireText(fields, 'coverAlt', file),
        ),
        author: ref(documentIds.author(requireText(fields, 'author', file))),
        categories: requireList(fields, 'categories', file).map((key) => ({
          _key: stableKey(id, 'category', key),
          ...ref(documentIds.category(key, language)),
        })),
        publishedAt: requireDateTime(fields, 'publishedAt', file),
        ...(updatedAt === undefined ? {} : { updatedAt }),
        seo: { _type: 'seo', ...withoutUndefined(seo) },
        body: await body(source, article.folder, id),
      });
    }
    groups.push(translationGroup('article', article));
  }

  for (const author of sources.authors) {
    const { fields, file } = author.source;
    const name = requireText(fields, 'name', file);
    sourceFiles.set(documentIds.author(author.key), file);
    documents.push({
      _id: documentIds.author(author.key),
      _type: 'author',
      name,
      slug: slugOf(requireText(fields, 'slug', file)),
      ...(fields['localizedName'] === undefined
        ? {}
        : {
            localizedName: { _type: 'localeString', ...perLocale(fields, 'localizedName', file) },
          }),
      ...(author.avatar === null
        ? {}
        : {
            avatar: await imageField(
              author.avatar,
              'webp',
              () => 400,
              `${author.key}-avatar`,
              name,
            ),
          }),
      bio: { _type: 'localeText', ...perLocale(fields, 'bio', file) },
    });
  }

  for (const [language, source] of sources.settings) {
    sourceFiles.set(documentIds.settings(language), source.file);
    documents.push(settingsDocument(language, source));
  }

  return { documents: [...documents, ...groups], images: [...images.values()], sourceFiles };
}

function translationGroup(type: string, item: TranslatedItem): Doc {
  return {
    _id: documentIds.translationGroup(type, item.key),
    _type: 'translation.metadata',
    schemaTypes: [type],
    translations: locales
      .filter((language) => item.translations.has(language))
      .map((language) => ({
        // The plugin's current shape (sanity-plugin-internationalized-array 5) keeps the language in
        // `language`; the language as `_key` too keeps older readers working.
        _key: language,
        _type: 'internationalizedArrayReferenceValue',
        language,
        value: ref(`${type}-${item.key}-${language}`),
      })),
  };
}

/** A field that maps locales to text (an author's `bio`, `localizedName`). */
function perLocale(
  fields: Fields,
  field: 'bio' | 'localizedName',
  file: string,
): Partial<Record<Locale, string>> {
  const value = fields[field];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthoringError(
      file,
      field === 'bio'
        ? `field "bio" must map locales to text, with ${defaultLocale} at least`
        : `field "${field}" must map locales to text`,
    );
  }
  const out: Partial<Record<Locale, string>> = {};
  for (const [language, text] of Object.entries(value as Record<string, unknown>)) {
    if (!(locales as readonly string[]).includes(language) || typeof text !== 'string') {
      throw new AuthoringError(
        file,
        `field "${field}.${language}" must be text in one of ${locales.join(', ')}`,
      );
    }
    out[language as Locale] = text.trim();
  }
  return out;
}

const navigationLink = /^(articles|search|(page|category):([a-z0-9-]+))$/;

function settingsDocument(language: Locale, { fields, file }: SourceFile): Doc {
  const navigation = fields['navigation'];
  if (!Array.isArray(navigation))
    throw new AuthoringError(file, 'field "navigation" must be a list');
  return {
    _id: documentIds.settings(language),
    _type: 'siteSettings',
    language,
    title: requireText(fields, 'title', file),
    description: requireText(fields, 'description', file),
    footer: requireText(fields, 'footer', file),
    navigation: navigation.map((entry: unknown, i) => {
      const item = (entry ?? {}) as Fields;
      const label = requireText(item, 'label', `${file} navigation[${String(i)}]`);
      const link = requireText(item, 'link', `${file} navigation[${String(i)}]`);
      const match = navigationLink.exec(link);
      if (match === null) {
        throw new AuthoringError(
          file,
          `navigation[${String(i)}].link must be articles, search, page:<key> or category:<key>`,
        );
      }
      const [, , type, key] = match;
      const base = {
        _key: stableKey(language, 'navigation', i, link),
        _type: 'navigationItem',
        label,
      };
      return type === undefined || key === undefined
        ? { ...base, link }
        : {
            ...base,
            reference: ref(
              type === 'page'
                ? documentIds.page(key, language)
                : documentIds.category(key, language),
            ),
          };
    }),
  };
}

function withoutUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
