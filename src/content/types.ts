import type { PortableTextBlock } from '@portabletext/types';
import type { Locale } from '../i18n/locales.ts';

export type { PortableTextBlock };

/** Everything the site renders, loaded once per build. */
export interface SiteContent {
  /** Published documents only (never `drafts.*`), newest `publishedAt` first. */
  articles: Record<Locale, Article[]>;
  categories: Record<Locale, Category[]>;
  authors: Author[];
  pages: Record<Locale, Page[]>;
  settings: Record<Locale, SiteSettings>;
  /** Where the content came from; hosted image URLs are built from `projectId` and `dataset`. */
  source: { kind: 'local' | 'sanity'; projectId: string; dataset: string };
}

export interface ImageAsset {
  /** Sanity asset `_id`, e.g. `image-<sha1>-1200x675-jpg`. */
  assetId: string;
  width: number;
  height: number;
  /** In the document's language; `''` only where the model allows (decorative images). */
  alt: string;
  /** Hosted Sanity CDN URL when `source.kind === 'sanity'`, else null. */
  url: string | null;
  /** Absolute path of the asset file in the local dataset, else null. */
  localPath: string | null;
}

/** An image inside a Portable Text body. */
export interface ImageBlock {
  _type: 'image';
  _key: string;
  image: ImageAsset;
  caption: string | null;
}

/** A fenced code block inside a Portable Text body. */
export interface CodeBlock {
  _type: 'code';
  _key: string;
  language: string;
  code: string;
}

export interface TranslationLink {
  _id: string;
  language: Locale;
  slug: string;
  title: string;
}

export interface Article {
  _id: string;
  /** The translation group (`translation.metadata` `_id`), shared by all languages of this article. */
  key: string;
  language: Locale;
  title: string;
  slug: string;
  excerpt: string;
  /** Portable Text; also holds `ImageBlock` and `CodeBlock` entries (tell them apart by `_type`). */
  body: PortableTextBlock[];
  coverImage: ImageAsset;
  author: {
    _id: string;
    /** The name every locale shares; show `authorNameIn(author, locale)`. */
    name: string;
    /** The name where a locale writes it differently (e.g. in Arabic script). */
    localizedName: Partial<Record<Locale, string>>;
    slug: string;
    avatar: ImageAsset | null;
    /** In the article's locale, falling back to English. */
    bio: string;
  };
  /** In the article's language. */
  categories: { _id: string; key: string; title: string; slug: string }[];
  publishedAt: string;
  updatedAt: string | null;
  seo: { title: string | null; description: string | null };
  /** The other languages in which this document exists (never itself). */
  translations: TranslationLink[];
}

export interface Category {
  _id: string;
  key: string;
  language: Locale;
  title: string;
  slug: string;
  description: string;
  translations: TranslationLink[];
}

export interface Author {
  _id: string;
  /** The name every locale shares; show `authorNameIn(author, locale)`. */
  name: string;
  /** The name where a locale writes it differently (e.g. in Arabic script). */
  localizedName: Partial<Record<Locale, string>>;
  slug: string;
  avatar: ImageAsset | null;
  bio: Partial<Record<Locale, string>>;
}

export interface Page {
  _id: string;
  key: string;
  language: Locale;
  title: string;
  slug: string;
  body: PortableTextBlock[];
  translations: TranslationLink[];
}

export type NavigationTarget =
  | { type: 'articles' }
  | { type: 'search' }
  | { type: 'page' | 'category'; key: string; slug: string };

export interface SiteSettings {
  language: Locale;
  title: string;
  description: string;
  footer: string;
  navigation: { label: string; target: NavigationTarget }[];
}
