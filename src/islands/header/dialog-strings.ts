// The sign-in dialog's strings for a locale, loaded with the dialog's code (a chunk per locale
// built by src/i18n/lazy-strings-plugin.ts), once per page.
import type { IslandStrings } from '../../i18n/island-strings';
import type { Locale } from '../../i18n/locales';
import type { DialogKey } from './strings';

type Loaded = Promise<{ default: IslandStrings<DialogKey> }>;

// Literal specifiers, so that Vite sees each module; a Record over Locale misses none.
const loaders: Record<Locale, () => Loaded> = {
  en: () => import('virtual:island-strings/sign-in-dialog/en'),
  de: () => import('virtual:island-strings/sign-in-dialog/de'),
  fr: () => import('virtual:island-strings/sign-in-dialog/fr'),
  ar: () => import('virtual:island-strings/sign-in-dialog/ar'),
};

const loaded = new Map<Locale, Promise<IslandStrings<DialogKey>>>();

export function loadDialogStrings(locale: Locale): Promise<IslandStrings<DialogKey>> {
  let strings = loaded.get(locale);
  if (strings === undefined) {
    strings = loaders[locale]().then((module) => module.default);
    loaded.set(locale, strings);
  }
  return strings;
}
