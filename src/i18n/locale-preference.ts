/**
 * The `localStorage` key that holds a reader's chosen locale. The root page reads it to pick a
 * language; whatever lets a reader choose (the account island, the header after sign-in) writes it.
 */
export const localePreferenceKey = 'polyglot-press.locale';

/** Remembers the reader's language in this browser (for the root page); quiet where storage is blocked. */
export function rememberLocale(locale: string): void {
  try {
    localStorage.setItem(localePreferenceKey, locale);
  } catch {
    // Storage blocked by privacy settings: the member's profile still holds the choice.
  }
}
