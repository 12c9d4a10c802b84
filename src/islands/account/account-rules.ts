// PRODUCT.md §7 rules for the account page, checked before anything is sent. The database checks
// them again (profiles constraints, the avatars bucket's size and type limits).
import type { ErrorKey } from '../shared/error-keys';

/** The avatars bucket's limit (`file_size_limit` 2097152 in the bucket migration): 2 MB. */
export const maxAvatarBytes = 2 * 1024 * 1024;
export const avatarTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

const extensions: Partial<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The characters the database trims from a display name (`private.trim_text`). */
const edgeSpace =
  /^[ \t\n\r\f\v\u00a0\u200b\u3000\ufeff]+|[ \t\n\r\f\v\u00a0\u200b\u3000\ufeff]+$/gu;
/** `profiles_display_name_printable`: control characters and line/paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's job.
const unprintable = /[\u0001-\u001f\u007f-\u009f\u2028\u2029]/u;

export function trimDisplayName(name: string): string {
  return name.replace(edgeSpace, '');
}

/**
 * A display name of 1–40 characters (code points, as Postgres counts) after trimming, without
 * control characters; null when it is fine.
 *
 * @example displayNameProblem('  Ana  ') // null
 * @example displayNameProblem('   ') // 'errors.displayNameLength'
 */
export function displayNameProblem(name: string): ErrorKey | null {
  const trimmed = trimDisplayName(name);
  const length = Array.from(trimmed).length;
  if (length < 1 || length > 40 || unprintable.test(trimmed)) return 'errors.displayNameLength';
  return null;
}

/** A picture the avatars bucket accepts: PNG, JPEG or WebP of at most 2 MB. */
export function avatarProblem(file: { type: string; size: number }): ErrorKey | null {
  if (!(avatarTypes as readonly string[]).includes(file.type)) return 'errors.fileType';
  if (file.size > maxAvatarBytes) return 'errors.fileTooLarge';
  return null;
}

/**
 * The object name of a new avatar: in the member's own folder (the bucket's policies allow no
 * other), and new on every upload so that no browser or CDN cache shows the previous picture.
 *
 * @example avatarObjectName('5eed…', 'image/png', 1764000000000) // '5eed…/avatar-1764000000000.png'
 */
export function avatarObjectName(userId: string, type: string, now = Date.now()): string {
  const extension = extensions[type] ?? 'img';
  return `${userId}/avatar-${now}.${extension}`;
}

/**
 * Whether the deletion confirmation holds the word asked for (case and edge spaces aside).
 *
 * @example confirmsDeletion(' Löschen ', 'löschen') // true
 */
export function confirmsDeletion(typed: string, word: string): boolean {
  return typed.trim().toLocaleLowerCase() === word.toLocaleLowerCase();
}

/** The export's file name, with the day it was made: `polyglot-press-data-2026-11-25.json`. */
export function exportFileName(now = new Date()): string {
  return `polyglot-press-data-${now.toISOString().slice(0, 10)}.json`;
}
