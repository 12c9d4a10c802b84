import { readFileSync } from 'node:fs';
import type { Locale } from '../../../src/i18n/locales.ts';

const cache = new Map<Locale, Record<string, string>>();

/** Every UI string of a locale, as stored (plural keys carry their suffix). */
export function readUiStrings(locale: Locale): Record<string, string> {
  let strings = cache.get(locale);
  if (strings === undefined) {
    strings = JSON.parse(
      readFileSync(new URL(`../../../src/i18n/strings/${locale}.json`, import.meta.url), 'utf8'),
    ) as Record<string, string>;
    cache.set(locale, strings);
  }
  return strings;
}

/**
 * A UI string as a reader sees it: `{{variables}}` filled in and the `<0>…</0>` link tags of
 * `<Trans>` strings reduced to their text. Read from the JSON files directly because Playwright's
 * loader cannot import JSON without import attributes.
 */
export function uiText(locale: Locale, key: string, values: Record<string, string> = {}): string {
  const text = readUiStrings(locale)[key];
  if (text === undefined) throw new Error(`No UI string "${key}" in ${locale}`);
  return text
    .replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, name: string) => values[name] ?? '')
    .replace(/<\/?\d+>/g, '');
}
