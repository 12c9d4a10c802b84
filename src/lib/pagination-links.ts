import { formatNumber } from '../i18n/format';
import type { Locale } from '../i18n/locales';
import { useTranslations } from '../i18n/translator';

// Every page of an article list links to every page of it: pages × pages links in all (over
// 100,000 at 2,000 articles), which made list pages the slowest to render as Astro elements.
// The links differ between pages only in which one is current, so each list's links are built
// once, as HTML escaped the way Astro escapes attributes and text.
const linksOfList = new WeakMap<readonly string[], { link: string; current: string }[]>();

/**
 * The `<li>` page-number links of an article list, page `current` (1-based) marked current.
 *
 * @example pageNumberLinks('en', ['/en/articles/', '/en/articles/page/2/'], 2)
 * // '<li><a href="/en/articles/" aria-label="Page 1">1</a></li><li><a href="/en/articles/page/2/" aria-label="Page 2" aria-current="page">2</a></li>'
 */
export function pageNumberLinks(
  locale: Locale,
  pagePaths: readonly string[],
  current: number,
): string {
  let links = linksOfList.get(pagePaths);
  if (links === undefined) {
    const t = useTranslations(locale);
    links = pagePaths.map((path, index) => {
      const page = index + 1;
      const start = `<li><a href="${attribute(path)}" aria-label="${attribute(t('pagination.page', { page }))}"`;
      const end = `>${text(formatNumber(locale, page))}</a></li>`;
      return { link: start + end, current: `${start} aria-current="page"${end}` };
    });
    linksOfList.set(pagePaths, links);
  }
  return links.map((entry, index) => (index + 1 === current ? entry.current : entry.link)).join('');
}

function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
  '"': '&quot;',
};

function text(value: string): string {
  return value.replace(/[&<>'"]/g, (character) => entities[character] ?? character);
}
