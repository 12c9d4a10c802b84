import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  typesetBody,
  typesetterFor,
  typografFor,
  typografMayChange,
} from '../../../src/content/assemble/typography';
import { defaultDatasetDir } from '../../../src/content/source-config';
import type { RawBodyBlock } from '../../../src/content/schemas/portable-text';

describe('quotes and apostrophes per locale', () => {
  it('sets English in curly quotes and apostrophes', () => {
    expect(typesetterFor('en')(`It's "here", isn't it?`)).toBe('It’s “here”, isn’t it?');
  });

  it('sets German quotes low-high', () => {
    expect(typesetterFor('de')('Er sagt "Hallo" und geht\'s.')).toBe('Er sagt „Hallo“ und geht’s.');
  });

  it('sets French guillemets with narrow no-break spaces inside, and curly elisions', () => {
    expect(typesetterFor('fr')(`L'abeille dit "bonjour".`)).toBe(
      'L’abeille dit «\u202Fbonjour\u202F».',
    );
  });

  it('leaves Arabic as written', () => {
    expect(typesetterFor('ar')(`«الجبر» "x" 'y'`)).toBe(`«الجبر» "x" 'y'`);
  });

  it('leaves a text without quotes exactly as it is', () => {
    expect(typesetterFor('fr')('Les villes : 1 < 2 -- (c) ...')).toBe(
      'Les villes : 1 < 2 -- (c) ...',
    );
  });
});

describe('texts Typograf is not asked about', () => {
  /** Every string of the embedded dataset: titles, excerpts, spans, alt texts, captions, slugs. */
  const texts = readFileSync(join(defaultDatasetDir, 'data.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => collectStrings(JSON.parse(line)));

  it('come out exactly as Typograf would set them, in every locale', () => {
    const skipped = texts.filter((text) => !typografMayChange.test(text));
    // Most strings of the dataset have no quote mark, apostrophe or special space.
    expect(skipped.length).toBeGreaterThan(texts.length / 2);
    for (const locale of ['en', 'de', 'fr'] as const) {
      const typograf = typografFor(locale);
      const differing = skipped.filter((text) => typograf(text) !== text);
      expect(differing).toEqual([]);
    }
  });

  it('still include every text with a quote mark, apostrophe or no-break space', () => {
    for (const text of [`it's`, '"a"', '« a »', 'a\u00A0b', 'a &amp; b', 'a\r\nb', '‘a’']) {
      expect(typografMayChange.test(text)).toBe(true);
    }
  });
});

function collectStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(collectStrings);
  if (typeof value === 'object' && value !== null)
    return Object.values(value).flatMap(collectStrings);
  return [];
}

describe('a quotation inside a quotation', () => {
  it('sets English inner quotes ‘…’ and keeps apostrophes ’', () => {
    expect(typesetterFor('en')(`"He said 'hi', didn't he?"`)).toBe('“He said ‘hi’, didn’t he?”');
    expect(typesetterFor('en')(`"'Hi,' she said."`)).toBe('“‘Hi,’ she said.”');
  });

  it('sets German inner quotes low-high ‚…‘', () => {
    expect(typesetterFor('de')(`"Er sagte 'Hallo' und ging."`)).toBe(
      '„Er sagte ‚Hallo‘ und ging.“',
    );
  });

  it('sets French inner quotes “…” without spaces inside guillemets', () => {
    expect(typesetterFor('fr')(`"Il a dit 'bonjour' puis l'a quittée."`)).toBe(
      '«\u202FIl a dit “bonjour” puis l’a quittée.\u202F»',
    );
  });

  it('sets nested double quotes in the same inner marks', () => {
    expect(typesetterFor('en')('"He said "hi" to me"')).toBe('“He said ‘hi’ to me”');
    expect(typesetterFor('de')('"Er sagte "Hallo" zu mir"')).toBe('„Er sagte ‚Hallo‘ zu mir“');
    expect(typesetterFor('fr')('"Il a dit "salut" ici"')).toBe(
      '«\u202FIl a dit “salut” ici\u202F»',
    );
  });

  it('sets a single quote with no partner after a letter as an apostrophe, and leaves a prime', () => {
    expect(typesetterFor('en')(`the players' "game" on a 6' wall`)).toBe(
      `the players’ “game” on a 6' wall`,
    );
    expect(typesetterFor('de')(`Hans' Buch`)).toBe('Hans’ Buch');
    expect(typesetterFor('fr')(`surnom d'« universités à un penny »`)).toBe(
      'surnom d’«\u202Funiversités à un penny\u202F»',
    );
  });
});

describe('a Portable Text body', () => {
  const block = (children: { text: string; marks?: string[] }[]): RawBodyBlock => ({
    _type: 'block',
    _key: 'b',
    style: 'normal',
    markDefs: [],
    children: children.map((child, i) => ({
      _type: 'span',
      _key: String(i),
      text: child.text,
      marks: child.marks ?? [],
    })),
  });

  it('pairs quotes across spans and keeps inline code as written', () => {
    const [set] = typesetBody(
      [
        block([
          { text: 'Call it "' },
          { text: 'bold', marks: ['strong'] },
          { text: '" and type ' },
          { text: `"it's"`, marks: ['code'] },
        ]),
      ],
      typesetterFor('en'),
    );
    expect(set?._type === 'block' && set.children.map((span) => span.text)).toEqual([
      'Call it “',
      'bold',
      '” and type ',
      `"it's"`,
    ]);
  });

  it('pairs single quotes across spans and never touches inline code', () => {
    const [set] = typesetBody(
      [
        block([
          { text: `"Type '` },
          { text: `it's`, marks: ['code'] },
          { text: `' or '` },
          { text: 'this', marks: ['em'] },
          { text: `'"` },
        ]),
      ],
      typesetterFor('de'),
    );
    expect(set?._type === 'block' && set.children.map((span) => span.text)).toEqual([
      '„Type ‚',
      `it's`,
      '‘ or ‚',
      'this',
      '‘“',
    ]);
  });

  it('sets a quote closed at the end of a span and an elision before a link as in plain text', () => {
    const spans = (locale: 'en' | 'de' | 'fr', children: { text: string; marks?: string[] }[]) => {
      const [set] = typesetBody([block(children)], typesetterFor(locale));
      return set?._type === 'block' && set.children.map((span) => span.text);
    };
    expect(
      spans('en', [
        { text: 'this is her, "where you going?"', marks: ['em'] },
        { text: '. Words' },
      ]),
    ).toEqual(['this is her, “where you going?”', '. Words']);
    expect(
      spans('de', [
        { text: 'Rede: ' },
        { text: '"where you going?"', marks: ['em'] },
        { text: '.' },
      ]),
    ).toEqual(['Rede: ', '„where you going?“', '.']);
    expect(
      spans('fr', [
        { text: "l'" },
        { text: 'acquisition', marks: ['link'] },
        { text: ` et "d'autres"` },
      ]),
    ).toEqual(['l’', 'acquisition', ' et «\u202Fd’autres\u202F»']);
    expect(
      spans('fr', [{ text: 'les "' }, { text: 'mots', marks: ['strong'] }, { text: '" ici' }]),
    ).toEqual(['les «', '\u202Fmots', '\u202F» ici']);
  });

  it('leaves code blocks untouched', () => {
    const code = { _type: 'code', _key: 'c', language: 'js', code: `const s = "it's";` };
    expect(typesetBody([code as RawBodyBlock], typesetterFor('en'))).toEqual([code]);
  });
});
