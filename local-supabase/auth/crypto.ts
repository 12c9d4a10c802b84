// Tokens the way GoTrue makes them, so that hashes in e-mails and the database look alike. Password
// hashing lives in password-hasher.ts.
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A numeric one-time code (GoTrue `crypto.GenerateOtp`). */
export function generateOtp(length: number): string {
  let otp = '';
  for (let i = 0; i < length; i++) otp += String(randomInt(10));
  return otp;
}

/** GoTrue's `GenerateTokenHash`: hex sha224 of the address followed by the code. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random alphanumeric string (refresh tokens are 12 characters, as GoTrue's). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC.charAt(randomInt(ALPHANUMERIC.length));
  return out;
}

export function randomPassword(): string {
  return randomBytes(32).toString('base64url');
}

/** GoTrue prefixes token hashes of PKCE flows so that /verify answers with `?code=`. */
export const PKCE_PREFIX = 'pkce_';

export function verifyPkce(verifier: string, challenge: string, method: 's256' | 'plain'): boolean {
  if (method === 'plain') return verifier === challenge;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}
