// Islands get their UI strings as a prop, resolved at build time for the page's locale: only the
// keys an island lists, as stored (with `{{variables}}` left for the island to fill in), never the
// whole catalogue and never i18next in the browser.
import { defaultLocale, type Locale } from './locales';
import { uiStrings } from './translator';
import type { UiKey } from './ui-keys';

/** The strings an island received: exactly the keys it asked for. */
export type IslandStrings<K extends UiKey = UiKey> = Readonly<Record<K, string>>;

/**
 * Picks an island's strings for one locale. Plural keys are not supported here (islands format
 * counts themselves); a key missing in the locale falls back to English, as i18next would.
 *
 * @example islandStrings('de', ['header.signIn']) // { 'header.signIn': 'Anmelden' }
 */
export function islandStrings<const K extends UiKey>(
  locale: Locale,
  keys: readonly K[],
): IslandStrings<K> {
  // Every page of a locale passes the same lists: each is picked once per locale and build.
  let byLocale = pickedLists.get(keys);
  if (byLocale === undefined) {
    byLocale = new Map();
    pickedLists.set(keys, byLocale);
  }
  let strings = byLocale.get(locale) as IslandStrings<K> | undefined;
  if (strings === undefined) {
    strings = pick(locale, keys);
    byLocale.set(locale, strings);
  }
  return strings;
}

const pickedLists = new WeakMap<readonly UiKey[], Map<Locale, object>>();

function pick<const K extends UiKey>(locale: Locale, keys: readonly K[]): IslandStrings<K> {
  const picked = {} as Record<K, string>;
  for (const key of keys) {
    const text = uiStrings[locale][key] ?? uiStrings[defaultLocale][key];
    if (text === undefined) throw new Error(`Island string "${key}" is not a plain UI string`);
    picked[key] = text;
  }
  return Object.freeze(picked);
}
