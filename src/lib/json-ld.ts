import { authorNameIn, type Article } from '../content/index';

export interface ArticleJsonLdInput {
  article: Article;
  /** Absolute URLs. */
  url: string;
  imageUrl: string;
  authorUrl: string;
  publisher: string;
}

/** schema.org `Article` data for search engines, from the article shown on the page. */
export function articleJsonLd({
  article,
  url,
  imageUrl,
  authorUrl,
  publisher,
}: ArticleJsonLdInput) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.seo.title ?? article.title,
    description: article.seo.description ?? article.excerpt,
    inLanguage: article.language,
    datePublished: article.publishedAt,
    dateModified: article.updatedAt ?? article.publishedAt,
    mainEntityOfPage: url,
    image: [imageUrl],
    author: [
      { '@type': 'Person', name: authorNameIn(article.author, article.language), url: authorUrl },
    ],
    publisher: { '@type': 'Organization', name: publisher },
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped so that no string in the data
 * (a title containing `</script>`) can end the element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
