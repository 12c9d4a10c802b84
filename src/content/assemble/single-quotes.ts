/**
 * Straight single quotes used as quotation marks, set as the locale's inner quotes: Typograf's
 * quote rule pairs only double quotes ("…", and "…" nested in "…") and its apostrophe rule only
 * turns a quote between two letters (it's) into ’, so 'hi' inside a quotation stays straight.
 *
 * A straight quote opens where it follows the start, a space, an opening bracket or quote mark, or
 * a dash, and a word follows it; it closes where it follows a word and is followed by the end, a
 * space, punctuation or a closing mark. Openings and closings pair like brackets (the innermost
 * first). A quote that finds no partner and follows a letter is an apostrophe (the players’
 * game, d’« universités », na’na’): English, German and French all write it ’. Any other is left
 * as written: an elision at a word's start ('Tis) or a prime (6') cannot be told from an opening
 * quotation mark by context alone.
 */

/** The locale's second-level quotation marks. */
export interface InnerQuotes {
  open: string;
  close: string;
}

// What may stand before an opening quote and after a closing one. A private-use character (the
// caller's stand-in for inline code, typography.ts) counts as a word.
const beforeOpening = /[\s([{“„«‹‚‘—–/-]/u;
const afterClosing = /[\s.,;:!?…)\]}”“»›’‘—–/-]/u;

/**
 * @example setSingleQuotes(`“He said 'hi' to me”`, { open: '‘', close: '’' })
 * // '“He said ‘hi’ to me”'
 */
export function setSingleQuotes(text: string, quotes: InnerQuotes): string {
  if (!text.includes("'")) return text;
  const openings: number[] = [];
  const replacements = new Map<number, string>();
  for (let index = text.indexOf("'"); index !== -1; index = text.indexOf("'", index + 1)) {
    const before = text[index - 1];
    const after = text[index + 1];
    const opens =
      (before === undefined || beforeOpening.test(before)) &&
      after !== undefined &&
      !/\s/u.test(after);
    const closes =
      before !== undefined &&
      !/\s/u.test(before) &&
      (after === undefined || afterClosing.test(after));
    if (opens && !closes) openings.push(index);
    else if (closes && !opens) {
      const opening = openings.pop();
      if (opening !== undefined) {
        replacements.set(opening, quotes.open);
        replacements.set(index, quotes.close);
      }
    }
  }
  // Quotes are one UTF-16 unit, so replacing by index keeps every other character in place.
  return text.replace(
    /'/g,
    (quote, index: number) =>
      replacements.get(index) ?? (/\p{L}/u.test(text[index - 1] ?? '') ? '’' : quote),
  );
}
