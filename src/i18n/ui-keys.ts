import type en from './strings/en.json';

/** Suffixes i18next appends to a key for each plural category (`Intl.PluralRules`). */
export const pluralSuffixes = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type PluralSuffix = (typeof pluralSuffixes)[number];

type StripPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Every UI string key, as code passes it to `t()` (plural keys without their `_one`/`_other` suffix). */
export type UiKey = StripPlural<keyof typeof en>;

/**
 * The key a stored string answers to: `article.readingTime_few` → `article.readingTime`.
 *
 * @example baseKey('articleList.count_other') // 'articleList.count'
 */
export function baseKey(storedKey: string): string {
  const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(storedKey);
  return match?.[1] ?? storedKey;
}
