// Signed URLs as storage-api makes them: a JWT signed with the project's secret whose `url` claim is
// `<bucket>/<key>` (plus the owner and upsert flag for upload URLs).
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Keys } from '../config/keys.ts';
import { storageErrors } from './errors.ts';

/** Signed upload URLs live two hours, as on Supabase. */
export const UPLOAD_URL_SECONDS = 2 * 3600;

function secretOf(keys: Keys): Uint8Array {
  return new TextEncoder().encode(keys.jwtSecret);
}

export async function signUrlToken(
  keys: Keys,
  claims: Record<string, unknown> & { url: string },
  expiresInSeconds: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(secretOf(keys));
}

/** Verifies a signed-URL token for `<bucket>/<key>`; throws storage's errors. */
export async function verifyUrlToken(
  keys: Keys,
  token: string | undefined,
  url: string,
): Promise<JWTPayload> {
  if (!token) throw storageErrors.invalidSignature('Missing token');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, secretOf(keys), { algorithms: ['HS256'] }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw storageErrors.invalidJwt('jwt expired');
    throw storageErrors.invalidJwt('invalid signature');
  }
  if (payload['url'] !== url) throw storageErrors.invalidSignature();
  return payload;
}
