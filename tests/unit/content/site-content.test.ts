import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { locales } from '../../../src/i18n/locales';
import { authorNameIn, loadSiteContent } from '../../../src/content/index';
import { createLocalSource } from '../../../src/content/sources/local-source';
import type { Article, ImageAsset, SiteContent } from '../../../src/content/types';

const datasetDir = 'src/content/dataset';
let content: SiteContent;

beforeAll(async () => {
  content = await loadSiteContent(
    createLocalSource({ datasetDir, projectId: 'local', dataset: 'production' }),
  );
});

const allArticles = (): Article[] => locales.flatMap((l) => content.articles[l]);
const rawIds = (): string[] =>
  readFileSync(`${datasetDir}/data.ndjson`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { _id: string })._id);

describe('the embedded dataset', () => {
  test('holds drafts, so that hiding them is a real test', () => {
    expect(rawIds().filter((id) => id.startsWith('drafts.')).length).toBeGreaterThanOrEqual(2);
  });

  test('drafts never appear: no draft id and no draft title in any locale', () => {
    const ids = [
      ...allArticles(),
      ...locales.flatMap((l) => [...content.pages[l], ...content.categories[l]]),
    ].map((d) => d._id);
    expect(ids.filter((id) => id.startsWith('drafts.'))).toEqual([]);
    expect(allArticles().filter((a) => a.title.startsWith('[Draft]'))).toEqual([]);
    const links = allArticles().flatMap((a) => a.translations.map((t) => t._id));
    const published = new Set(ids);
    expect(links.filter((id) => !published.has(id))).toEqual([]);
  });

  test.each(locales)('%s gets its own articles, newest first', (locale) => {
    const articles = content.articles[locale];
    expect(articles.length).toBeGreaterThan(0);
    expect(articles.every((a) => a.language === locale)).toBe(true);
    const dates = articles.map((a) => a.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  test.each(locales)(
    '%s has settings, about/privacy/terms pages and categories in its language',
    (locale) => {
      expect(content.settings[locale].language).toBe(locale);
      expect(content.settings[locale].navigation.length).toBeGreaterThan(0);
      expect(content.pages[locale].map((p) => p.key).sort()).toEqual(
        ['about', 'privacy', 'terms'].map((k) => `translation-metadata-page-${k}`),
      );
      expect(content.categories[locale].every((c) => c.language === locale)).toBe(true);
    },
  );

  test('translations link both ways, each to the same group with its own slug', () => {
    const byId = new Map(allArticles().map((a) => [a._id, a]));
    const translated = allArticles().filter((a) => a.translations.length > 0);
    expect(translated.length).toBeGreaterThan(0);
    for (const article of translated) {
      expect(article.translations.map((t) => t.language)).not.toContain(article.language);
      for (const link of article.translations) {
        const other = byId.get(link._id);
        expect(other?.key).toBe(article.key);
        expect(other?.slug).toBe(link.slug);
        expect(other?.title).toBe(link.title);
        expect(other?.translations.map((t) => t._id)).toContain(article._id);
      }
    }
  });

  test('articles carry their author (bio in their locale) and categories in their language', () => {
    for (const article of allArticles()) {
      const author = content.authors.find((a) => a._id === article.author._id);
      expect(author?.name).toBe(article.author.name);
      expect(article.author.bio).toBe(author?.bio[article.language] ?? author?.bio.en);
      const categories = content.categories[article.language];
      for (const category of article.categories) {
        expect(categories.find((c) => c._id === category._id)?.slug).toBe(category.slug);
      }
    }
  });

  test('an author named differently in Arabic is named so on Arabic pages and by the shared name elsewhere', () => {
    const yusuf = content.authors.find((a) => a.slug === 'yusuf-haddad');
    expect(yusuf?.localizedName).toEqual({ ar: 'يوسف حداد' });
    if (yusuf === undefined) return;
    expect(authorNameIn(yusuf, 'ar')).toBe('يوسف حداد');
    expect(authorNameIn(yusuf, 'de')).toBe('Yusuf Haddad');
    const article = allArticles().find((a) => a.author._id === yusuf._id);
    expect(article?.author.localizedName).toEqual(yusuf.localizedName);
  });

  test('every image points at a file of the dataset, with its size and alt text', () => {
    const images: ImageAsset[] = [
      ...allArticles().flatMap((a) => [a.coverImage, ...bodyImages(a.body)]),
      ...content.authors.flatMap((a) => (a.avatar ? [a.avatar] : [])),
    ];
    expect(images.length).toBeGreaterThan(allArticles().length);
    for (const image of images) {
      expect(
        image.localPath !== null && isAbsolute(image.localPath) && existsSync(image.localPath),
      ).toBe(true);
      expect(image.url).toBeNull();
      expect(image.assetId).toContain(`-${String(image.width)}x${String(image.height)}-`);
      expect(image.alt.length).toBeGreaterThan(0);
    }
  });

  test('navigation targets resolve to pages of the same locale', () => {
    for (const locale of locales) {
      for (const { target } of content.settings[locale].navigation) {
        if (target.type !== 'page' && target.type !== 'category') continue;
        const docs = target.type === 'page' ? content.pages[locale] : content.categories[locale];
        expect(docs.find((d) => d.key === target.key)?.slug).toBe(target.slug);
      }
    }
  });
});

function bodyImages(body: Article['body']): ImageAsset[] {
  return body.flatMap((block) =>
    block._type === 'image' ? [(block as unknown as { image: ImageAsset }).image] : [],
  );
}
