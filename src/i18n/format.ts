import type { Locale } from './locales';

// Dates are formatted in UTC so that a build gives the same pages on every machine and time zone.
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();
// An article's date is shown on its page and on its card in every list, category and author
// page; formatting is slow enough to show up in a build of thousands of pages.
const formattedDates = new Map<string, string>();

/**
 * A publication date as readers of `locale` write it.
 *
 * @example formatDate('de', '2026-03-14T09:00:00Z') // '14. März 2026'
 */
export function formatDate(locale: Locale, isoDate: string): string {
  const key = `${locale} ${isoDate}`;
  let text = formattedDates.get(key);
  if (text === undefined) {
    const date = new Date(isoDate);
    if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: "${isoDate}"`);
    let format = dateFormats.get(locale);
    if (format === undefined) {
      format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
      dateFormats.set(locale, format);
    }
    text = format.format(date);
    formattedDates.set(key, text);
  }
  return text;
}

/** A whole number with the locale's digits and grouping (`1.234` in de, `1 234` in fr). */
export function formatNumber(locale: Locale, value: number): string {
  let format = numberFormats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
