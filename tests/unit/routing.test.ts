import { describe, expect, it } from 'vitest';
import type { AuthorRoute, CategoryRoute, Route } from '../../src/lib/route-types';
import { getRoutes, getStaticPathsOf } from '../../src/lib/routing';
import { buildContent, manyArticles } from './helpers/site-content';

function routeAt(routes: Route[], path: string): Route {
  const route = routes.find((candidate) => candidate.path === path);
  if (route === undefined) throw new Error(`No route at ${path}`);
  return route;
}

function articleAt(routes: Route[], path: string) {
  const route = routeAt(routes, path);
  if (route.kind !== 'article') throw new Error(`${path} is a ${route.kind} page`);
  return route;
}

const content = buildContent({
  categories: [
    { key: 'language', slugs: { en: 'language', de: 'sprache', fr: 'langue', ar: 'lugha' } },
  ],
  articles: [
    {
      key: 'borrowing',
      slugs: { en: 'why-languages-borrow', de: 'warum-sprachen-leihen', fr: 'pourquoi-emprunter' },
      publishedAt: '2026-03-14T09:00:00Z',
      categories: ['language'],
    },
    {
      key: 'unicode',
      slugs: { en: 'unicode-explained' },
      publishedAt: '2026-04-01T09:00:00Z',
      categories: ['language'],
    },
  ],
  pages: [{ key: 'about', slugs: { en: 'about', de: 'ueber-uns' } }],
});
const routes = getRoutes(content);

describe('routing with partly translated content', () => {
  it('includes fallback entries for articles missing in a locale', () => {
    const fallback = articleAt(routes, '/de/articles/unicode-explained/');
    expect(fallback.fallback).toBe(true);
    expect(fallback.article.language).toBe('en');
    expect(fallback.canonicalPath).toBe('/en/articles/unicode-explained/');
    expect(fallback.indexable).toBe(false);
    expect(fallback.searchable).toBe(false);
    expect(fallback.alternates).toEqual([]);
  });

  it('never creates fallbacks in the default locale or for translated articles', () => {
    const fallbacks = routes.filter((route) => route.kind === 'article' && route.fallback);
    expect(fallbacks.map((route) => route.path).sort()).toEqual([
      '/ar/articles/unicode-explained/',
      '/ar/articles/why-languages-borrow/',
      '/de/articles/unicode-explained/',
      '/fr/articles/unicode-explained/',
    ]);
  });

  it('gives a translated article hreflang alternates with each locale’s own slug and x-default', () => {
    const article = articleAt(routes, '/de/articles/warum-sprachen-leihen/');
    expect(article.fallback).toBe(false);
    expect(article.canonicalPath).toBe('/de/articles/warum-sprachen-leihen/');
    expect(article.alternates).toEqual([
      { hreflang: 'en', path: '/en/articles/why-languages-borrow/' },
      { hreflang: 'de', path: '/de/articles/warum-sprachen-leihen/' },
      { hreflang: 'fr', path: '/fr/articles/pourquoi-emprunter/' },
      { hreflang: 'x-default', path: '/en/articles/why-languages-borrow/' },
    ]);
  });

  it('lets the language switcher keep the document and send missing locales to its fallback page there', () => {
    const article = articleAt(routes, '/fr/articles/pourquoi-emprunter/');
    expect(article.switcher).toEqual([
      { locale: 'en', path: '/en/articles/why-languages-borrow/', current: false, available: true },
      {
        locale: 'de',
        path: '/de/articles/warum-sprachen-leihen/',
        current: false,
        available: true,
      },
      { locale: 'fr', path: '/fr/articles/pourquoi-emprunter/', current: true, available: true },
      {
        locale: 'ar',
        path: '/ar/articles/why-languages-borrow/',
        current: false,
        available: false,
        fallback: true,
      },
    ]);
  });

  it('offers a fallback page in the switcher marked as such, never as a translation', () => {
    const source = articleAt(routes, '/en/articles/unicode-explained/');
    expect(source.switcher.filter((entry) => !entry.current)).toEqual(
      ['de', 'fr', 'ar'].map((locale) => ({
        locale,
        path: `/${locale}/articles/unicode-explained/`,
        current: false,
        available: false,
        fallback: true,
      })),
    );
    expect(source.alternates).toEqual([
      { hreflang: 'en', path: '/en/articles/unicode-explained/' },
      { hreflang: 'x-default', path: '/en/articles/unicode-explained/' },
    ]);
  });

  it('links a fallback article’s categories and author to pages of the reader’s locale', () => {
    const fallback = articleAt(routes, '/ar/articles/unicode-explained/');
    expect(fallback.categories).toEqual([
      { title: 'language (ar)', path: '/ar/categories/lugha/' },
    ]);
    expect(fallback.authorPath).toBe('/ar/authors/amara-okafor/');
    expect(fallback.sourcePath).toBe('/en/articles/unicode-explained/');
  });

  it('lists the locale’s own articles first and newer fallbacks after them, marked', () => {
    const list = routeAt(routes, '/de/articles/');
    if (list.kind !== 'article-list') throw new Error('not a list');
    expect(list.entries.map((entry) => [entry.path, entry.fallback])).toEqual([
      ['/de/articles/warum-sprachen-leihen/', false],
      ['/de/articles/unicode-explained/', true],
    ]);
    const category = routeAt(routes, '/de/categories/sprache/');
    if (category.kind !== 'category') throw new Error('not a category');
    expect(category.entries).toHaveLength(2);
  });

  it('features the newest article written in the locale rather than a newer fallback', () => {
    const home = routeAt(routes, '/de/');
    if (home.kind !== 'home') throw new Error('not home');
    expect(home.featured?.path).toBe('/de/articles/warum-sprachen-leihen/');
    expect(home.latest).toEqual([]);
    expect(home.alsoInDefault.map((entry) => entry.path)).toEqual([
      '/de/articles/unicode-explained/',
    ]);
    expect(home.alternates.at(-1)).toEqual({ hreflang: 'x-default', path: '/' });
  });

  it('builds static pages per locale and points missing translations at the home page', () => {
    const about = routeAt(routes, '/de/ueber-uns/');
    expect(about.kind).toBe('page');
    expect(about.switcher.find((entry) => entry.locale === 'fr')).toEqual({
      locale: 'fr',
      path: '/fr/',
      current: false,
      available: false,
    });
  });

  it('creates author, search and 404 pages in every locale; only 404 is not indexable', () => {
    for (const locale of ['en', 'de', 'fr', 'ar']) {
      expect(routeAt(routes, `/${locale}/authors/amara-okafor/`).indexable).toBe(true);
      expect(routeAt(routes, `/${locale}/search/`).searchable).toBe(false);
      expect(routeAt(routes, `/${locale}/404/`).indexable).toBe(false);
    }
  });

  it('gives Astro the params each page file declares', () => {
    expect(getStaticPathsOf(content, 'article').map((entry) => entry.params)).toContainEqual({
      locale: 'de',
      slug: 'unicode-explained',
    });
    expect(getStaticPathsOf(content, 'home').map((entry) => entry.params)).toEqual([
      { locale: 'en' },
      { locale: 'de' },
      { locale: 'fr' },
      { locale: 'ar' },
    ]);
  });
});

describe('the home page and the end of an article in a partly translated locale', () => {
  const mixed = getRoutes(
    buildContent({
      categories: [
        { key: 'cities', slugs: { en: 'cities', de: 'staedte' } },
        { key: 'science', slugs: { en: 'science', de: 'wissenschaft' } },
      ],
      articles: [
        ...['one', 'two', 'three'].map((key, index) => ({
          key,
          slugs: { en: key, de: `${key}-de` },
          publishedAt: `2026-01-0${index + 1}T00:00:00Z`,
          categories: ['cities'],
        })),
        ...['newer', 'newest'].map((key, index) => ({
          key,
          slugs: { en: key },
          publishedAt: `2026-02-0${index + 1}T00:00:00Z`,
          categories: ['cities'],
        })),
        {
          key: 'other',
          slugs: { en: 'other', de: 'other-de' },
          publishedAt: '2026-03-01T00:00:00Z',
          categories: ['science'],
        },
      ],
    }),
  );

  it('leads with the locale’s own articles and keeps newer English ones apart', () => {
    const home = routeAt(mixed, '/de/');
    if (home.kind !== 'home') throw new Error('not home');
    expect(home.featured?.path).toBe('/de/articles/other-de/');
    expect(home.latest.map((entry) => entry.path)).toEqual([
      '/de/articles/three-de/',
      '/de/articles/two-de/',
      '/de/articles/one-de/',
    ]);
    expect(home.alsoInDefault.map((entry) => [entry.path, entry.fallback])).toEqual([
      ['/de/articles/newest/', true],
      ['/de/articles/newer/', true],
    ]);
  });

  it('closes an article with others of its category, own translations before fallbacks', () => {
    const article = articleAt(mixed, '/de/articles/one-de/');
    expect(article.related.map((entry) => entry.path)).toEqual([
      '/de/articles/three-de/',
      '/de/articles/two-de/',
      '/de/articles/newest/',
    ]);
    expect(articleAt(mixed, '/de/articles/other-de/').related).toEqual([]);
  });
});

describe('article list pagination', () => {
  const paged = getRoutes(buildContent({ articles: manyArticles(25, ['en', 'de']) }));
  const lists = paged.filter((route) => route.kind === 'article-list');

  it('shows 12 articles per page, page 1 without a page number in its path', () => {
    const english = lists.filter((route) => route.locale === 'en');
    expect(english.map((route) => [route.path, route.entries.length])).toEqual([
      ['/en/articles/', 12],
      ['/en/articles/page/2/', 12],
      ['/en/articles/page/3/', 1],
    ]);
    expect(english[2]?.params).toEqual({ locale: 'en', page: '3' });
    expect(english[0]?.pagePaths).toHaveLength(3);
  });

  it('gives an empty locale one empty page rather than none', () => {
    const empty = getRoutes(buildContent({})).filter((route) => route.kind === 'article-list');
    expect(empty.map((route) => [route.path, route.entries.length])).toEqual([
      ['/en/articles/', 0],
      ['/de/articles/', 0],
      ['/fr/articles/', 0],
      ['/ar/articles/', 0],
    ]);
  });
});

describe('category and author pagination', () => {
  // 30 articles in English and the category, 20 of them in German, 8 more in German only; one
  // author wrote them all but two, which another wrote. The category has no Arabic version.
  const articles = [
    ...manyArticles(30, ['en']).map((article, index) => ({
      ...article,
      slugs: index < 20 ? { ...article.slugs, de: `a${index}-de` } : article.slugs,
      categories: ['language'],
      author: index < 2 ? 'hana-sato' : 'amara-okafor',
    })),
    ...manyArticles(8, ['de']).map((article) => ({
      ...article,
      key: `${article.key}-de-only`,
      slugs: { de: `${article.key}-only-de` },
      categories: ['language'],
    })),
  ];
  const paged = getRoutes(
    buildContent({
      categories: [{ key: 'language', slugs: { en: 'language', de: 'sprache', fr: 'langue' } }],
      authors: ['amara-okafor', 'hana-sato'],
      articles,
    }),
  );
  const pagesOf = (kind: 'category' | 'author', locale: string) =>
    paged.filter(
      (route): route is CategoryRoute | AuthorRoute =>
        route.kind === kind && route.locale === locale,
    );

  it('cuts a category into pages of 12 like the article list, page 1 at the category’s path', () => {
    const english = pagesOf('category', 'en');
    expect(english.map((route) => [route.path, route.entries.length])).toEqual([
      ['/en/categories/language/', 12],
      ['/en/categories/language/page/2/', 12],
      ['/en/categories/language/page/3/', 6],
    ]);
    expect(english.map((route) => route.params)).toEqual([
      { locale: 'en', slug: 'language' },
      { locale: 'en', slug: 'language', page: '2' },
      { locale: 'en', slug: 'language', page: '3' },
    ]);
    const third = routeAt(paged, '/en/categories/language/page/3/');
    if (third.kind !== 'category') throw new Error('not a category');
    expect([third.page, third.totalPages, third.totalArticles]).toEqual([3, 3, 30]);
    expect(third.pagePaths).toEqual(english.map((route) => route.path));
    expect(third.canonicalPath).toBe(third.path);
    expect(third.indexable).toBe(true);
    expect(third.searchable).toBe(false);
  });

  it('puts a locale’s own articles on the first pages and the labelled fallbacks after them', () => {
    const german = pagesOf('category', 'de');
    expect(german.map((route) => route.path)).toEqual([
      '/de/categories/sprache/',
      '/de/categories/sprache/page/2/',
      '/de/categories/sprache/page/3/',
      '/de/categories/sprache/page/4/',
    ]);
    const flags = german.map((route) => route.entries.map((entry) => entry.fallback));
    expect(flags.flat()).toEqual([
      ...Array<boolean>(28).fill(false),
      ...Array<boolean>(10).fill(true),
    ]);
    expect(flags[2]).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('links page n to page n of the same category in the locales whose list is as long', () => {
    const third = routeAt(paged, '/de/categories/sprache/page/3/');
    expect(third.alternates).toEqual([
      { hreflang: 'en', path: '/en/categories/language/page/3/' },
      { hreflang: 'de', path: '/de/categories/sprache/page/3/' },
      { hreflang: 'fr', path: '/fr/categories/langue/page/3/' },
      { hreflang: 'x-default', path: '/en/categories/language/page/3/' },
    ]);
    // Only German has a fourth page: the others' switcher entries say so and lead home.
    const fourth = routeAt(paged, '/de/categories/sprache/page/4/');
    expect(fourth.alternates).toEqual([{ hreflang: 'de', path: '/de/categories/sprache/page/4/' }]);
    expect(fourth.switcher.find((entry) => entry.locale === 'en')).toEqual({
      locale: 'en',
      path: '/en/',
      current: false,
      available: false,
    });
  });

  it('cuts an author’s articles into pages too, and leaves a short list on one page', () => {
    expect(pagesOf('author', 'fr').map((route) => [route.path, route.entries.length])).toEqual([
      ['/fr/authors/amara-okafor/', 12],
      ['/fr/authors/amara-okafor/page/2/', 12],
      ['/fr/authors/amara-okafor/page/3/', 4],
      ['/fr/authors/hana-sato/', 2],
    ]);
    expect(routeAt(paged, '/fr/authors/amara-okafor/page/2/').params).toEqual({
      locale: 'fr',
      slug: 'amara-okafor',
      page: '2',
    });
  });
});

describe('content that would break the site', () => {
  it('fails when a static page takes a reserved slug, naming the page', () => {
    const content = buildContent({ pages: [{ key: 'search', slugs: { de: 'search' } }] });
    expect(() => getRoutes(content)).toThrow(/Page "page\.search\.de" has the slug "search"/);
  });

  it('fails when two documents would be written to the same path', () => {
    const content = buildContent({
      articles: [
        { key: 'one', slugs: { en: 'same' }, publishedAt: '2026-01-01T00:00:00Z' },
        { key: 'two', slugs: { en: 'other', de: 'same' }, publishedAt: '2026-01-02T00:00:00Z' },
      ],
    });
    expect(() => getRoutes(content)).toThrow(
      'Two pages would be written to /de/articles/same/: article "article.two.de" and fallback of article "article.one.en"',
    );
  });

  it('fails when one locale holds two translations of the same document', () => {
    const content = buildContent({
      articles: [{ key: 'one', slugs: { en: 'one' }, publishedAt: '2026-01-01T00:00:00Z' }],
    });
    const [first] = content.articles.en;
    if (first === undefined) throw new Error('fixture');
    content.articles.en.push({ ...first, _id: 'article.copy', slug: 'copy' });
    expect(() => getRoutes(content)).toThrow(
      'Two en article documents belong to translation group "translation.metadata.article.one": "article.one.en" and "article.copy"',
    );
  });
});
