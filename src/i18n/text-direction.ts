import { localeDirection, type Locale } from './locales';

/**
 * `lang` and `dir` for text in another language than the page (an untranslated article on an
 * Arabic page must still run left to right); nothing when the languages match.
 */
export function foreignTextAttributes(
  textLocale: Locale,
  pageLocale: Locale,
): { lang?: Locale; dir?: 'ltr' | 'rtl' } {
  return textLocale === pageLocale ? {} : { lang: textLocale, dir: localeDirection[textLocale] };
}
