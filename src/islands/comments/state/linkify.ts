/** A piece of comment text: plain text, or a web address shown as a link. */
export type TextPart = { text: string } | { text: string; href: string };

// Web addresses as people paste them: http(s)://… up to whitespace or a character that cannot be
// part of one in prose (quotes, angle brackets).
const webAddress = /\bhttps?:\/\/[^\s<>"'`]+/giu;
// Punctuation that usually ends the sentence around an address rather than the address itself.
const trailingPunctuation = /[.,;:!?)\]}»”’]+$/u;

/**
 * Splits comment text into text and links. Only http and https addresses that the URL parser
 * accepts become links; everything else, markup included, stays text for React to escape.
 *
 * @example linkify('see https://example.org.') // [{text:'see '},{text:'https://example.org',href:'https://example.org/'},{text:'.'}]
 */
export function linkify(body: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of body.matchAll(webAddress)) {
    const raw = match[0].replace(trailingPunctuation, '');
    const start = match.index;
    let href: string;
    try {
      href = new URL(raw).href;
    } catch {
      continue;
    }
    if (start > last) parts.push({ text: body.slice(last, start) });
    parts.push({ text: raw, href });
    last = start + raw.length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}
