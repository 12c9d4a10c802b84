import type { Locale } from '../i18n/locales';
import { locales } from '../i18n/locales';

/** Documents of one translation group, by language. */
export type TranslationGroup<T> = Partial<Record<Locale, T>>;

/**
 * Groups per-locale documents by their translation key, failing when one language holds two
 * documents of the same group (two pages could then claim one switcher entry).
 */
export function groupByKey<T extends { _id: string; key: string }>(
  documentsByLocale: Record<Locale, T[]>,
  kind: string,
): Map<string, TranslationGroup<T>> {
  const groups = new Map<string, TranslationGroup<T>>();
  for (const locale of locales) {
    for (const document of documentsByLocale[locale]) {
      const group = groups.get(document.key) ?? {};
      const other = group[locale];
      if (other !== undefined) {
        throw new Error(
          `Two ${locale} ${kind} documents belong to translation group "${document.key}": "${other._id}" and "${document._id}"`,
        );
      }
      group[locale] = document;
      groups.set(document.key, group);
    }
  }
  return groups;
}
