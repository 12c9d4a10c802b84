// PRODUCT.md §7 rules checked before anything is sent (the server checks them again).
import type { ErrorKey } from './error-keys';

/** A syntactically valid address of at most 254 characters, or the key of what is wrong. */
export function emailProblem(email: string): ErrorKey | null {
  const trimmed = email.trim();
  return trimmed.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)
    ? null
    : 'errors.invalidEmail';
}

/** A new password: at least 8 characters, at most 72 bytes (bcrypt's limit), no composition rules. */
export function newPasswordProblem(password: string): ErrorKey | null {
  // Characters as Postgres and GoTrue count them: code points.
  if (Array.from(password).length < 8) return 'errors.weakPassword';
  if (new TextEncoder().encode(password).length > 72) return 'errors.passwordTooLong';
  return null;
}

export function codeProblem(code: string): ErrorKey | null {
  return /^\d{6}$/.test(code.trim()) ? null : 'errors.codeFormat';
}
