import type { Translate, TranslationValues } from './translator';
import type { UiKey } from './ui-keys';

/** A piece of a translated sentence: plain text, or the text of link number `link`. */
export interface TransSegment {
  text: string;
  link?: number;
}

// Private-use characters stand in for interpolated values while the sentence is split at its
// `<0>…</0>` tags, so that a value containing `<0>` can never become markup.
const open = '\uE000';
const close = '\uE001';
const placeholder = new RegExp(`${open}(\\d+)${close}`, 'g');
const linkTag = /<(\d+)>(.*?)<\/\1>/gs;

/**
 * Translates a whole sentence that contains links (`"By <0>{{author}}</0>"`) and splits it into
 * text and link segments. The caller renders the segments, escaping all text.
 *
 * @example splitTranslation(t, 'article.byline', { author: 'Amara' }, 1)
 * // [{ text: 'By ' }, { text: 'Amara', link: 0 }]
 */
export function splitTranslation(
  translate: Translate,
  key: UiKey,
  values: TranslationValues,
  linkCount: number,
): TransSegment[] {
  const stored: string[] = [];
  const masked: TranslationValues = {};
  for (const [name, value] of Object.entries(values)) {
    // Numbers stay numbers: i18next needs `count` to choose the plural form and formats numbers.
    if (typeof value === 'number') {
      masked[name] = value;
    } else {
      masked[name] = `${open}${stored.length}${close}`;
      stored.push(value);
    }
  }
  const sentence = translate(key, masked);
  const unmask = (text: string) =>
    text.replace(placeholder, (_, index: string) => stored[Number(index)] ?? '');

  const segments: TransSegment[] = [];
  let rest = 0;
  for (const match of sentence.matchAll(linkTag)) {
    const link = Number(match[1]);
    if (link >= linkCount) {
      throw new Error(
        `UI string "${key}" uses link <${link}> but only ${linkCount} link(s) were given`,
      );
    }
    if (match.index > rest) segments.push({ text: sentence.slice(rest, match.index) });
    segments.push({ text: match[2] ?? '', link });
    rest = match.index + match[0].length;
  }
  if (rest < sentence.length) segments.push({ text: sentence.slice(rest) });

  for (const segment of segments) {
    if (segment.link === undefined && /<\/?\d+>/.test(segment.text)) {
      throw new Error(`UI string "${key}" has an unbalanced link tag: ${JSON.stringify(sentence)}`);
    }
    segment.text = unmask(segment.text);
  }
  return segments;
}
