import type { Locale } from '../i18n/locales.ts';

/**
 * An author's name as written in a locale: the localized form where the editor gave one (يوسف حداد
 * on Arabic pages), else the one name every locale shares.
 *
 * @example authorNameIn({ name: 'Yusuf Haddad', localizedName: { ar: 'يوسف حداد' } }, 'ar') // 'يوسف حداد'
 * @example authorNameIn({ name: 'Yusuf Haddad', localizedName: { ar: 'يوسف حداد' } }, 'de') // 'Yusuf Haddad'
 */
export function authorNameIn(
  author: { name: string; localizedName: Partial<Record<Locale, string>> },
  locale: Locale,
): string {
  return author.localizedName[locale] ?? author.name;
}
