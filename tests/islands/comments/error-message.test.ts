import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../../src/islands/comments/state/error-message';

const now = new Date('2026-11-25T12:00:00Z');

describe('error messages for comment actions', () => {
  it('a rate limit says when posting works again, in the reader’s language', () => {
    const perMinute = { code: 'P0001', message: 'rate_limited', hint: 'per_minute' };
    expect(errorMessage(perMinute, 'en', now)).toEqual({
      key: 'comments.error.rateLimited',
      values: { when: 'in 1 minute' },
    });
    expect(errorMessage({ ...perMinute, hint: 'per_hour' }, 'de', now).values).toEqual({
      when: 'in 1 Stunde',
    });
  });

  it('a suspension names its end and the time left', () => {
    const message = errorMessage(
      { code: 'P0001', message: 'suspended', hint: '2026-11-28T12:00:00Z' },
      'fr',
      now,
    );
    expect(message.key).toBe('comments.error.suspended');
    expect(message.values?.['when']).toBe('dans 3 jours');
    expect(message.values?.['until']).toContain('2026');
  });

  it('no connection is "offline", other codes go through the shared map', () => {
    expect(errorMessage({ code: 'offline', message: 'offline', hint: null }, 'en').key).toBe(
      'errors.offline',
    );
    expect(errorMessage({ code: '42501', message: 'not_allowed', hint: null }, 'en').key).toBe(
      'errors.notAllowed',
    );
  });
});
