// storage-api's errors (supabase/storage `src/internal/errors/codes.ts`): every error below 500 is
// answered with HTTP 400 while the body's `statusCode` names the real status, so the client's
// `error.statusCode` ('404', '413', …) is what callers branch on.
import { isDatabaseError } from '../db/database.ts';
import { ServiceError } from '../http/errors.ts';

/** An error in storage-api's body shape `{statusCode, error, message, code}`. */
export function storageError(
  statusCode: number,
  code: string,
  message: string,
  error: string = code,
): ServiceError {
  return new ServiceError(statusCode >= 500 ? 500 : 400, error, message, {
    extra: { statusCode: String(statusCode), code },
  });
}

export const storageErrors = {
  noSuchKey: () => storageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  noSuchBucket: () => storageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  invalidKey: (key: string) => storageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () =>
    storageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidRequest: (message: string) => storageError(400, 'InvalidRequest', message),
  invalidJwt: (message: string) => storageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') =>
    storageError(400, 'InvalidSignature', message),
  expiredSignature: () => storageError(400, 'ExpiredToken', 'The provided token has expired.'),
  accessDenied: (message = 'Access denied') =>
    storageError(403, 'AccessDenied', message, 'Unauthorized'),
  duplicate: () =>
    storageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketExists: () =>
    storageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    storageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: () =>
    storageError(
      413,
      'EntityTooLarge',
      'The object exceeded the maximum allowed size',
      'Payload too large',
    ),
  invalidMimeType: (mimeType: string, reason = 'is not supported') =>
    storageError(415, 'InvalidMimeType', `mime type ${mimeType} ${reason}`, 'invalid_mime_type'),
  noContent: () => storageError(400, 'InvalidRequest', 'No content provided'),
};

/**
 * Turns a Postgres error from a query run as the caller into storage-api's answer; anything else is
 * returned unchanged (a bug, rendered as 500 by the error handler).
 */
export function fromDatabaseError(error: unknown): unknown {
  if (!isDatabaseError(error)) return error;
  switch (error.code) {
    case '42501':
      // Postgres names the table; storage-api answers with the policy sentence alone.
      return storageErrors.accessDenied(
        error.message.includes('row-level security')
          ? 'new row violates row-level security policy'
          : error.message,
      );
    case '23505':
      return storageErrors.duplicate();
    case '23503':
      return storageErrors.noSuchBucket();
    default:
      if (error.code?.startsWith('22') || error.code?.startsWith('23') || error.code === 'P0001') {
        return storageErrors.invalidRequest(error.message);
      }
      return error;
  }
}

/** Runs `task`, mapping database errors to storage errors. */
export async function mapDatabaseErrors<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    throw fromDatabaseError(error);
  }
}
