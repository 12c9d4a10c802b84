import i18next from 'i18next';
import { defaultLocale, type Locale } from './locales';
import ar from './strings/ar.json';
import de from './strings/de.json';
import en from './strings/en.json';
import fr from './strings/fr.json';
import type { UiKey } from './ui-keys';

/** The UI strings of every locale, as stored (plural keys carry their suffix). */
export const uiStrings: Record<Locale, Record<string, string>> = { en, de, fr, ar };

/** Values interpolated into a string; `count` also picks the plural form. */
export type TranslationValues = Record<string, string | number>;

/** A translation function fixed to one locale. */
export type Translate = (key: UiKey, values?: TranslationValues) => string;

/**
 * Creates an isolated i18next instance for one locale (never the global singleton, so locales
 * cannot leak into each other during one build) and returns its fixed `t`.
 *
 * Values are not HTML-escaped here: Astro escapes every expression it renders, and `<Trans>`
 * escapes its own output, so escaping twice would show `&amp;` to readers.
 */
export function createTranslator(locale: Locale): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: defaultLocale,
    resources: { [locale]: { translation: uiStrings[locale] }, en: { translation: en } },
    // Keys are flat and dotted (`article.byline`): dots and colons are part of the key.
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  const t = instance.getFixedT(locale);
  // i18next resolves, interpolates and picks plurals again on every call, and every page repeats
  // the same strings (header, footer, card badges); the answer only depends on key and values.
  const cache = new Map<string, string>();
  return (key, values) => {
    const cacheKey = values === undefined ? key : `${key}\n${JSON.stringify(values)}`;
    let text = cache.get(cacheKey);
    if (text === undefined) {
      text = t(key, values ?? {});
      cache.set(cacheKey, text);
    }
    return text;
  };
}

const translators = new Map<Locale, Translate>();

/** The shared translator of a locale, created on first use. */
export function useTranslations(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (translate === undefined) {
    translate = createTranslator(locale);
    translators.set(locale, translate);
  }
  return translate;
}
