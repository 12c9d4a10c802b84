import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { descriptions } from '../../src/i18n/descriptions';
import { locales } from '../../src/i18n/locales';
import { uiStrings } from '../../src/i18n/translator';
import { baseKey } from '../../src/i18n/ui-keys';

const stringsDir = fileURLToPath(new URL('../../src/i18n/strings/', import.meta.url));
const english = uiStrings.en;

/** Base key → the stored keys of its forms (one for plain strings, one per plural category). */
function group(strings: Record<string, string>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const key of Object.keys(strings)) {
    groups.set(baseKey(key), [...(groups.get(baseKey(key)) ?? []), key]);
  }
  return groups;
}

/** `{{name}}` and `{{name, format}}` variables of every form of one key. */
function variables(strings: Record<string, string>, keys: string[]): string[] {
  const names = keys.flatMap((key) =>
    [...(strings[key] ?? '').matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1] ?? ''),
  );
  return [...new Set(names)].sort();
}

function linkTags(text: string): string[] {
  return [...text.matchAll(/<(\d+)>/g)].map((match) => match[1] ?? '').sort();
}

describe('UI string files', () => {
  it('exist for exactly the configured locales', () => {
    const files = readdirSync(stringsDir).filter((file) => file.endsWith('.json'));
    expect(files.map((file) => file.replace(/\.json$/, '')).sort()).toEqual([...locales].sort());
  });

  it('give the descriptions one line per English key, and nothing else', () => {
    expect(Object.keys(descriptions).sort()).toEqual([...group(english).keys()].sort());
    for (const [key, text] of Object.entries(descriptions)) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  for (const locale of locales) {
    describe(locale, () => {
      const strings = uiStrings[locale];
      const groups = group(strings);
      const englishGroups = group(english);
      const pluralCategories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

      it('has every English key and no unknown keys', () => {
        expect([...groups.keys()].sort()).toEqual([...englishGroups.keys()].sort());
      });

      it('has exactly the plural forms its language needs', () => {
        for (const [key, forms] of groups) {
          const englishForms = englishGroups.get(key) ?? [];
          const isPlural = englishForms.some((form) => form !== key);
          const expected = isPlural
            ? pluralCategories.map((category) => `${key}_${category}`)
            : [key];
          expect(forms.sort(), key).toEqual([...expected].sort());
        }
      });

      it('uses the same {{variables}} and link tags as English', () => {
        for (const [key, forms] of groups) {
          const englishForms = englishGroups.get(key) ?? [];
          expect(variables(strings, forms), key).toEqual(variables(english, englishForms));
          for (const form of forms) {
            const englishText = english[form] ?? english[`${key}_other`] ?? '';
            expect(linkTags(strings[form] ?? ''), form).toEqual(linkTags(englishText));
          }
        }
      });

      it('has no empty strings', () => {
        for (const [key, text] of Object.entries(strings)) expect(text.trim(), key).not.toBe('');
      });
    });
  }
});
