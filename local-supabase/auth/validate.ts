// Input rules for e-mail addresses, passwords and PKCE parameters, with GoTrue's codes and messages.
import type { LocalConfig } from '../config/config.ts';
import { badRequest, weakPassword } from './errors.ts';

const MAX_EMAIL_LENGTH = 254; // PRODUCT.md §7 (RFC 5321); GoTrue allows 255.
const MAX_PASSWORD_BYTES = 72; // bcrypt ignores anything longer.

// The shape checkmail (GoTrue's validator) accepts: local part, @, a dotted domain.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Returns the address in lower case, or throws 400 validation_failed. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > MAX_EMAIL_LENGTH) {
    throw badRequest('validation_failed', 'An email address is too long');
  }
  if (!EMAIL_FORMAT.test(email)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}

const CHARACTER_SETS: Record<string, string[]> = {
  '': [],
  letters_digits: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits: [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
  ],
  lower_upper_letters_digits_symbols: [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
    '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~',
  ],
};

/** Characters as a person counts them (PRODUCT.md §7), not UTF-16 units. */
function countCharacters(text: string): number {
  let count = 0;
  for (const segment of new Intl.Segmenter().segment(text)) if (segment.segment) count++;
  return count;
}

function containsAnyOf(text: string, characters: string): boolean {
  for (const char of characters) if (text.includes(char)) return true;
  return false;
}

export interface PasswordProblem {
  message: string;
  reasons: string[];
}

/** GoTrue's checkPasswordStrength without the thrown error (sign-in reports it, sign-up refuses). */
export function findPasswordProblem(password: string, config: LocalConfig): PasswordProblem | null {
  const messages: string[] = [];
  const reasons: string[] = [];
  const minimum = config.auth.minimum_password_length;
  if (countCharacters(password) < minimum) {
    reasons.push('length');
    messages.push(`Password should be at least ${minimum} characters.`);
  }
  const sets = CHARACTER_SETS[config.auth.password_requirements] ?? [];
  if (sets.some((set) => !containsAnyOf(password, set))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return reasons.length > 0 ? { message: messages.join(' '), reasons } : null;
}

/** Throws 400 validation_failed (over 72 bytes) or 422 weak_password. */
export function checkPasswordStrength(password: string, config: LocalConfig): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw badRequest(
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
    );
  }
  const problem = findPasswordProblem(password, config);
  if (problem) throw weakPassword(problem.message, problem.reasons);
}

export type ChallengeMethod = 's256' | 'plain';

/** Both PKCE fields or neither; returns the method in GoTrue's spelling, or null for implicit flow. */
export function validatePkceParams(
  method: string | undefined,
  challenge: string | undefined,
): ChallengeMethod | null {
  if (!method && !challenge) return null;
  if (!method || !challenge) {
    throw badRequest(
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    throw badRequest('validation_failed', `code challenge method ${method} not supported`);
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return normalized;
}

/**
 * The largest user_metadata or app_metadata kept, as JSON bytes. Both ride in every access token:
 * a 900 KB profile made each later token 1.2 MB, past any header limit, and locked its owner out.
 * 8 KiB each keeps a token under Node's 16 KiB header limit.
 */
export const MAX_METADATA_BYTES = 8 * 1024;

/** Throws 400 validation_failed when the metadata would not fit in a token. */
export function checkMetadataSize(
  metadata: Record<string, unknown>,
  field: 'user_metadata' | 'app_metadata',
): void {
  const bytes = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
  if (bytes > MAX_METADATA_BYTES) {
    throw badRequest(
      'validation_failed',
      `${field} is ${bytes} bytes; it may be at most ${MAX_METADATA_BYTES} bytes of JSON`,
    );
  }
}
