/**
 * The `localStorage` key that holds a reader's chosen locale. The root page reads it to pick a
 * language; whatever lets a reader choose (the account island, later) writes it.
 */
export const localePreferenceKey = 'polyglot-press.locale';
