import { createHash } from 'node:crypto';

/** A short stable `_key`: the same inputs give the same key on every run, so rebuilding changes nothing. */
export function stableKey(...parts: readonly (string | number)[]): string {
  return createHash('sha1').update(parts.join('\u0000')).digest('hex').slice(0, 12);
}

export function sha1(data: Buffer | string): string {
  return createHash('sha1').update(data).digest('hex');
}
