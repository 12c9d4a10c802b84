import Typograf from 'typograf';
import type { Locale } from '../../i18n/locales.ts';
import type { RawBodyBlock } from '../schemas/portable-text.ts';
import { setSingleQuotes, type InnerQuotes } from './single-quotes.ts';

/**
 * Typographic quotes and apostrophes in each locale's own style, whatever the editor typed:
 * English “…” and it’s, German „…“, French « … » (with the narrow no-break spaces French puts
 * inside) and l’abeille, and a quotation inside a quotation in the locale's inner marks: English
 * “… ‘…’ …”, German „… ‚…‘ …“, French « … “…” … » (the Imprimerie nationale's choice, without
 * spaces). Typograf (https://github.com/typograf/typograf) knows these conventions; only its quote
 * and apostrophe rules run, so the text is otherwise left exactly as written. It pairs nested
 * double quotes but leaves single ones straight: `setSingleQuotes` sets those.
 * Arabic text already uses «…» and has no Typograf locale: it is left alone.
 */
const typografLocales: Record<Locale, { locale: string; inner: InnerQuotes } | null> = {
  en: { locale: 'en-US', inner: { open: '‘', close: '’' } },
  de: { locale: 'de', inner: { open: '‚', close: '‘' } },
  fr: { locale: 'fr', inner: { open: '“', close: '”' } },
  ar: null,
};

const rules = ['common/punctuation/quote', 'common/punctuation/apostrophe'];

export type Typeset = (text: string) => string;

/**
 * What Typograf's pass could change in a text: quote marks and apostrophes (its two rules), and
 * what it handles around them (HTML tags and entities, carriage returns, no-break and other
 * invisible spaces, private-use characters such as the inline-code mark). A text with none of
 * these comes back as written, so it is not handed to Typograf: each call costs tens of
 * microseconds, 5 s of a build at 20,000 articles. `tests/unit/content/typography.test.ts` checks
 * the premise on every text of the embedded dataset.
 */
export const typografMayChange = /["'`&<>\r\u00A0-\u00BF\u2000-\u206F\uE000-\uF8FF]/u;

/** A function that sets plain text in the locale's typography (the identity for Arabic). */
export function typesetterFor(locale: Locale): Typeset {
  const typeset = typografFor(locale);
  return (text) => (typografMayChange.test(text) ? typeset(text) : text);
}

/** Typograf's pass for the locale, on any text. */
export function typografFor(locale: Locale): Typeset {
  const settings = typografLocales[locale];
  if (settings === null) return (text) => text;
  const typograf = new Typograf({
    locale: [settings.locale],
    disableRule: '*',
    enableRule: rules,
    // Texts here are plain text, never HTML: `<` in prose is a character, not a tag.
    processingSeparateParts: false,
  });
  if (locale === 'fr') {
    // Typograf's French inner quotes are ‹ › (with spaces); ours are “ ” (spaces removed below).
    typograf.setSetting('common/punctuation/quote', 'fr', {
      left: `«${settings.inner.open}`,
      right: `»${settings.inner.close}`,
      spacing: true,
    });
    return (text) =>
      setSingleQuotes(typograf.execute(text), settings.inner)
        .replaceAll(`${settings.inner.open}\u202F`, settings.inner.open)
        .replaceAll(`\u202F${settings.inner.close}`, settings.inner.close);
  }
  return (text) => setSingleQuotes(typograf.execute(text), settings.inner);
}

// Inline code stands in the typeset text as one private-use character: a word Typograf leaves alone.
const inlineCode = '\uE001';

/** A body with its text blocks typeset; inline code, code blocks and link targets stay as written. */
export function typesetBody<T extends RawBodyBlock>(blocks: readonly T[], typeset: Typeset): T[] {
  return blocks.map((block) => {
    if (block._type === 'image') {
      return {
        ...block,
        alt: typeset(block.alt),
        caption: block.caption && typeset(block.caption),
      };
    }
    if (block._type !== 'block') return block;
    const isCode = (marks: string[]) => marks.includes('code');
    const parts = block.children.map((span) => (isCode(span.marks) ? inlineCode : span.text));
    const set = typesetParts(parts, typeset);
    // Should the rules change the text beyond quotes and spaces, the block keeps its text as written.
    if (set === undefined) return block;
    return {
      ...block,
      children: block.children.map((span, i) =>
        isCode(span.marks) ? span : { ...span, text: set[i] ?? span.text },
      ),
    };
  });
}

/**
 * Typesets the spans of a block as one text, so that Typograf sees what a reader sees: a quote
 * closed right before a span ends (`*"where?"*.`) and an elision before a link (`l'[acquisition]`)
 * look as they do in plain text. The result is cut back into spans where the text as written was.
 *
 * @example typesetParts(['sur l\'', 'acquisition'], typesetterFor('fr')) // ['sur l’', 'acquisition']
 */
export function typesetParts(parts: readonly string[], typeset: Typeset): string[] | undefined {
  const written = parts.join('');
  const set = typeset(written);
  const ends = alignEnds(written, set, parts);
  if (ends === undefined) return undefined;
  return ends.map((end, i) => set.slice(i === 0 ? 0 : ends[i - 1], end));
}

const quoteLike = /["'«»‹›„“‟”‘’‚]/u;
const spaceLike = /[ \u00A0\u202F]/u;

/**
 * Where each part ends in the typeset text. The quote and apostrophe rules only replace quote
 * marks (one for one) and add, remove or replace the spaces French puts inside guillemets, so the
 * two texts can be walked side by side; anything else gives `undefined`.
 */
function alignEnds(written: string, set: string, parts: readonly string[]): number[] | undefined {
  const ends: number[] = [];
  let partEnd = 0;
  let part = 0;
  let j = 0;
  for (let i = 0; i <= written.length;) {
    while (part < parts.length && partEnd + (parts[part]?.length ?? 0) === i) {
      partEnd += parts[part]?.length ?? 0;
      ends.push(j);
      part += 1;
    }
    if (i === written.length) break;
    const a = written[i] ?? '';
    const b = set[j];
    if (b === undefined) return undefined;
    if (
      a === b ||
      (quoteLike.test(a) && quoteLike.test(b)) ||
      (spaceLike.test(a) && spaceLike.test(b))
    ) {
      i += 1;
      j += 1;
    } else if (spaceLike.test(b)) j += 1;
    else if (spaceLike.test(a)) i += 1;
    else return undefined;
  }
  if (ends.length !== parts.length || !/^[ \u00A0\u202F]*$/u.test(set.slice(j))) return undefined;
  // Spaces added after the last character belong to the last part.
  ends[ends.length - 1] = set.length;
  return ends;
}
