// Islands receive only the strings they list, resolved for their locale at build time: in de, fr
// and ar none of them may be a raw key or the English text.
import { describe, expect, it } from 'vitest';
import { islandStrings } from '../../src/i18n/island-strings';
import { locales } from '../../src/i18n/locales';
import { uiStrings } from '../../src/i18n/translator';
import type { UiKey } from '../../src/i18n/ui-keys';

/** Every island's key list: each `src/islands/<island>/strings.ts` exports `<name>Keys`. */
const modules = import.meta.glob<Record<string, readonly UiKey[]>>(
  '../../src/islands/*/strings.ts',
  {
    eager: true,
  },
);
const islands = Object.entries(modules).flatMap(([path, exports]) =>
  Object.entries(exports)
    .filter(([name]) => name.endsWith('Keys'))
    .map(([name, keys]) => ({ name: `${path.split('/').at(-2) ?? path}:${name}`, keys })),
);

/** Strings that are the same word in another language (checked by a person, not a mistake). */
const sameAsEnglish: Partial<Record<string, string[]>> = {
  de: [
    'header.moderation',
    'comments.report.spam',
    'account.security.kind.passkey',
    'account.security.passkeys',
  ],
  fr: ['comments.report.spam', 'account.notifications.heading'],
};

describe('island strings', () => {
  it('finds the key list of every island', () => {
    expect(islands.map((island) => island.name)).toContain('header:headerKeys');
  });

  for (const { name, keys } of islands) {
    for (const locale of locales) {
      it(`${name} gets exactly its keys in ${locale}`, () => {
        const strings = islandStrings(locale, keys);
        expect(Object.keys(strings).sort()).toEqual([...new Set(keys)].sort());
      });
      if (locale === 'en') continue;
      it(`${name} gets no raw key and no English text in ${locale}`, () => {
        const strings: Record<string, string> = islandStrings(locale, keys);
        const raw = keys.filter((key) => strings[key] === key);
        const english = keys.filter(
          (key) => strings[key] === uiStrings.en[key] && !sameAsEnglish[locale]?.includes(key),
        );
        expect(raw, 'raw keys').toEqual([]);
        expect(english, 'strings still in English').toEqual([]);
      });
    }
  }
});
