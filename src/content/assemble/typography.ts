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

/** A function that sets plain text in the locale's typography (the identity for Arabic). */
export function typesetterFor(locale: Locale): Typeset {
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

// Spans are set as one text so that a quote opened in one span and closed in the next (around a
// bold word) pairs up; these private-use characters mark the span borders and inline code.
const spanBorder = '\uE000';
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
    const set = typeset(parts.join(spanBorder)).split(spanBorder);
    // Should the rules ever move a border, the block keeps its text as written rather than break.
    if (set.length !== parts.length) return block;
    return {
      ...block,
      children: block.children.map((span, i) =>
        isCode(span.marks) ? span : { ...span, text: set[i] ?? span.text },
      ),
    };
  });
}
