// A full disk, said plainly in each service's own shape instead of "Unexpected failure". PostgREST's
// shape passes Postgres's SQLSTATE 53100 through (rest/errors.ts answers 503 with it); auth and
// storage answer 507 "no space left on the server". Nothing acknowledged is lost: the write that
// failed was not committed, and the next one succeeds once space returns.
import { isDatabaseError } from '../db/database.ts';
import { ServiceError, type ErrorShape } from './errors.ts';

export const NO_SPACE_MESSAGE = 'no space left on the server';

/** Postgres's disk_full (53100), or a file write refused with ENOSPC / EDQUOT. */
export function isDiskFull(error: unknown): boolean {
  if (isDatabaseError(error)) return error.code === '53100';
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export function diskFullError(shape?: ErrorShape): ServiceError {
  if (shape === 'storage') {
    return new ServiceError(507, 'insufficient_storage', NO_SPACE_MESSAGE, {
      extra: { statusCode: '507', code: 'InsufficientStorage' },
    });
  }
  return new ServiceError(507, 'insufficient_storage', NO_SPACE_MESSAGE);
}
