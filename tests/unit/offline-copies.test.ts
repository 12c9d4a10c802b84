import { describe, expect, it } from 'vitest';
import { copyIsStale, newestCopy, savedAtHeader } from '../../src/offline/offline-caches';

function copySavedAt(savedAt: string | null, text = ''): Response {
  return new Response(text, { headers: savedAt === null ? {} : { [savedAtHeader]: savedAt } });
}

describe('the copy of an article shown offline', () => {
  it('is the newer of the recently read and the bookmarked copy, whichever that is', async () => {
    const read = copySavedAt('2026-11-29T08:00:00.000Z', 'read');
    const bookmarked = copySavedAt('2026-11-29T09:30:00.000Z', 'bookmarked');
    expect(await newestCopy([read, bookmarked])?.text()).toBe('bookmarked');
    const readAgain = copySavedAt('2026-11-29T10:00:00.000Z', 'read again');
    const bookmarkedBefore = copySavedAt('2026-11-29T09:30:00.000Z', 'bookmarked');
    expect(await newestCopy([readAgain, bookmarkedBefore])?.text()).toBe('read again');
  });

  it('is the only copy there is, or none', async () => {
    expect(await newestCopy([null, copySavedAt('2026-11-29T09:30:00.000Z', 'kept')])?.text()).toBe(
      'kept',
    );
    expect(await newestCopy([copySavedAt(null, 'unstamped'), undefined])?.text()).toBe('unstamped');
    expect(newestCopy([null, undefined])).toBeNull();
  });
});

describe('a bookmarked copy fetched again when online', () => {
  const now = Date.parse('2026-11-29T10:00:00.000Z');

  it('once it was saved more than ten minutes ago', () => {
    expect(copyIsStale('2026-11-29T09:49:00.000Z', now)).toBe(true);
    expect(copyIsStale('2026-11-20T10:00:00.000Z', now)).toBe(true);
  });

  it('not when it was saved in the last ten minutes', () => {
    expect(copyIsStale('2026-11-29T09:51:00.000Z', now)).toBe(false);
    expect(copyIsStale('2026-11-29T10:00:00.000Z', now)).toBe(false);
  });

  it('when its time is missing or unreadable', () => {
    expect(copyIsStale(null, now)).toBe(true);
    expect(copyIsStale('yesterday', now)).toBe(true);
  });
});
