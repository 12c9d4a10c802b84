import type { ApiFailure } from '../data/results';
import { errorKey, type ErrorKey } from '../../shared/error-keys';

/** A message key with the values it needs, ready for `t()`. */
export interface Message {
  key: ErrorKey | 'comments.error.rateLimited' | 'comments.error.suspended';
  values?: Record<string, string>;
}

/**
 * The message for a failed request, in the reader's language: rate limits and suspensions say
 * when the member may post again (the database gives the window in `hint`, the end of a suspension
 * as an ISO time); everything else goes through the shared error-code map.
 *
 * @example errorMessage({ code: 'P0001', message: 'rate_limited', hint: 'per_minute' }, 'de', now)
 * // { key: 'comments.error.rateLimited', values: { when: 'in 1 Minute' } }
 */
export function errorMessage(error: ApiFailure, locale: string, now: Date = new Date()): Message {
  if (error.code === 'offline') return { key: 'errors.offline' };
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (error.message === 'rate_limited') {
    const when =
      error.hint === 'per_hour' ? relative.format(1, 'hour') : relative.format(1, 'minute');
    return { key: 'comments.error.rateLimited', values: { when } };
  }
  if (error.message === 'suspended' && error.hint) {
    const until = new Date(error.hint);
    if (!Number.isNaN(until.getTime())) {
      return {
        key: 'comments.error.suspended',
        values: {
          until: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(
            until,
          ),
          when: relativeTime(until.getTime() - now.getTime(), relative),
        },
      };
    }
  }
  return { key: errorKey(error) };
}

/** "in 3 days", "in 5 hours", "in 12 minutes": the largest unit that is at least one. */
function relativeTime(milliseconds: number, format: Intl.RelativeTimeFormat): string {
  const minutes = Math.max(1, Math.ceil(milliseconds / 60_000));
  if (minutes >= 48 * 60) return format.format(Math.round(minutes / (24 * 60)), 'day');
  if (minutes >= 120) return format.format(Math.round(minutes / 60), 'hour');
  return format.format(minutes, 'minute');
}
