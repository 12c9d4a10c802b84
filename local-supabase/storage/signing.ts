// Signed URLs as storage-api makes them: a JWT signed with the project's secret whose `url` claim is
// `<bucket>/<key>` (plus the owner and upsert flag for upload URLs).
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Keys } from '../config/keys.ts';
import type { Claims } from '../db/database.ts';
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

async function readToken(keys: Keys, token: string | undefined, missing: string) {
  if (!token) throw storageErrors.invalidSignature(missing);
  try {
    return (await jwtVerify(token, secretOf(keys), { algorithms: ['HS256'] })).payload;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw storageErrors.invalidJwt('jwt expired');
    throw storageErrors.invalidJwt('invalid signature');
  }
}

/** Verifies a signed-URL token for `<bucket>/<key>`; throws storage's errors. */
export async function verifyUrlToken(
  keys: Keys,
  token: string | undefined,
  url: string,
): Promise<JWTPayload> {
  const payload = await readToken(keys, token, 'Missing token');
  if (payload['url'] !== url) throw storageErrors.invalidSignature();
  return payload;
}

/** What a signed upload URL's token grants: one path, written as its signer, maybe replacing. */
export interface UploadGrant {
  url: string;
  owner: string | null;
  upsert: boolean;
}

/**
 * Reads a `createSignedUploadUrl` token (TUS sends it as `x-signature`). Only upload tokens carry
 * the `upsert` claim: a download URL's token is refused here, as storage-api refuses it.
 */
export async function readUploadToken(
  keys: Keys,
  token: string | undefined,
  missing = 'Missing token',
): Promise<UploadGrant> {
  const payload = await readToken(keys, token, missing);
  if (typeof payload['url'] !== 'string' || typeof payload['upsert'] !== 'boolean') {
    throw storageErrors.invalidSignature('Token is not scoped for upload');
  }
  return {
    url: payload['url'],
    owner: typeof payload['owner'] === 'string' ? payload['owner'] : null,
    upsert: payload['upsert'],
  };
}

/** Whose role writes the row of a signed upload: the service role on behalf of the signer. */
export function claimsOfGrant(grant: UploadGrant): Claims {
  return { role: 'service_role', ...(grant.owner ? { sub: grant.owner } : {}) };
}
