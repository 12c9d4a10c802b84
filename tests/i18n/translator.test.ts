import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from '../../src/i18n/format';
import { localizedPath } from '../../src/i18n/localized-path';
import { splitTranslation } from '../../src/i18n/trans';
import { createTranslator, useTranslations } from '../../src/i18n/translator';

describe('translator', () => {
  it('interpolates variables in every locale', () => {
    expect(useTranslations('en')('author.articles', { author: 'Amara Okafor' })).toBe(
      'Articles by Amara Okafor',
    );
    expect(useTranslations('de')('author.articles', { author: 'Amara Okafor' })).toBe(
      'Artikel von Amara Okafor',
    );
    expect(useTranslations('fr')('author.articles', { author: 'Amara Okafor' })).toBe(
      'Articles écrits par Amara Okafor',
    );
    expect(useTranslations('ar')('author.articles', { author: 'أمارا' })).toBe('مقالات أمارا');
  });

  it('never writes French “de” before a name that may begin with a vowel (d’Amara, not de Amara)', () => {
    const t = useTranslations('fr');
    for (const [key, variable] of [
      ['author.articles', 'author'],
      ['header.accountMenu', 'name'],
      ['comments.replies', 'author'],
      ['comments.form.replyLabel', 'author'],
    ] as const) {
      expect(t(key, { [variable]: 'Amara' })).not.toMatch(/\bde Amara\b/);
    }
  });

  it('chooses all six Arabic plural forms', () => {
    const t = useTranslations('ar');
    expect(t('articleList.count', { count: 0 })).toBe('لا توجد مقالات');
    expect(t('articleList.count', { count: 1 })).toBe('مقالة واحدة');
    expect(t('articleList.count', { count: 2 })).toBe('مقالتان');
    // Digits as Intl writes them for `ar` (Node 24's CLDR uses Latin digits for plain `ar`).
    const n = (value: number) => new Intl.NumberFormat('ar').format(value);
    expect(t('articleList.count', { count: 3 })).toBe(`${n(3)} مقالات`);
    expect(t('articleList.count', { count: 11 })).toBe(`${n(11)} مقالة`);
    expect(t('articleList.count', { count: 100 })).toBe(`${n(100)} مقالة`);
  });

  it('chooses plural forms and formats the count in de, fr and en', () => {
    expect(useTranslations('de')('article.readingTime', { count: 1 })).toBe('1 Minute Lesezeit');
    expect(useTranslations('de')('article.readingTime', { count: 7 })).toBe('7 Minuten Lesezeit');
    expect(useTranslations('fr')('articleList.count', { count: 1 })).toBe('1 article');
    expect(useTranslations('fr')('articleList.count', { count: 2 })).toBe('2 articles');
    expect(useTranslations('en')('articleList.count', { count: 1234 })).toBe('1,234 articles');
  });

  it('keeps instances separate, so one locale never answers in another', () => {
    const german = createTranslator('de');
    const english = createTranslator('en');
    expect(german('search.title')).toBe('Suche');
    expect(english('search.title')).toBe('Search');
    expect(german('search.title')).toBe('Suche');
  });

  it('leaves HTML escaping to the renderer instead of escaping twice', () => {
    expect(useTranslations('en')('author.articles', { author: 'Tom & Jerry' })).toBe(
      'Articles by Tom & Jerry',
    );
  });
});

describe('sentences with embedded links', () => {
  it('splits a translated sentence into text and link segments', () => {
    expect(
      splitTranslation(useTranslations('de'), 'article.byline', { author: 'Amara' }, 1),
    ).toEqual([{ text: 'Von ' }, { text: 'Amara', link: 0 }]);
    const twoLinks = () => 'We could not find it. Try the <0>home page</0> or <1>search</1>.';
    expect(splitTranslation(twoLinks, 'notFound.body', {}, 2)).toEqual([
      { text: 'We could not find it. Try the ' },
      { text: 'home page', link: 0 },
      { text: ' or ' },
      { text: 'search', link: 1 },
      { text: '.' },
    ]);
  });

  it('never turns tags inside interpolated values into links', () => {
    const segments = splitTranslation(
      useTranslations('en'),
      'article.byline',
      { author: '<0>x</0><script>' },
      1,
    );
    expect(segments).toEqual([{ text: 'By ' }, { text: '<0>x</0><script>', link: 0 }]);
  });

  it('fails when a string needs more links than the page gives', () => {
    const twoLinks = () => 'Try the <0>home page</0> or <1>search</1>.';
    expect(() => splitTranslation(twoLinks, 'notFound.body', {}, 1)).toThrow(
      'UI string "notFound.body" uses link <1> but only 1 link(s) were given',
    );
  });

  it('fails on a string with an unbalanced link tag', () => {
    const broken = () => 'Go <0>home';
    expect(() => splitTranslation(broken, 'search.noscript', {}, 1)).toThrow(/unbalanced link tag/);
  });
});

describe('formatting', () => {
  it('formats dates per locale, in UTC', () => {
    expect(formatDate('en', '2026-03-14T23:30:00Z')).toBe('March 14, 2026');
    expect(formatDate('de', '2026-03-14T09:00:00Z')).toBe('14. März 2026');
    expect(formatDate('fr', '2026-03-14T09:00:00Z')).toBe('14 mars 2026');
    expect(formatDate('ar', '2026-03-14T09:00:00Z')).toMatch(/مارس/);
  });

  it('rejects a date it cannot read', () => {
    expect(() => formatDate('en', 'yesterday')).toThrow('Not a date: "yesterday"');
  });

  it('formats numbers with the locale’s digits and grouping', () => {
    expect(formatNumber('de', 1234)).toBe('1.234');
    expect(formatNumber('fr', 1234)).toBe('1\u202f234');
  });
});

describe('localized paths', () => {
  it('prefixes the locale and ends with a slash', () => {
    expect(localizedPath('ar')).toBe('/ar/');
    expect(localizedPath('de', 'articles', 'page', 2)).toBe('/de/articles/page/2/');
  });

  it('rejects empty segments and segments with slashes', () => {
    expect(() => localizedPath('en', '')).toThrow(/non-empty/);
    expect(() => localizedPath('en', 'a/b')).toThrow(/no "\/"/);
  });
});
