// Who is calling storage: the bearer token (a user's JWT, the anon/service key or an sb_ key), else
// the apikey. storage-api verifies the JWT itself, so a bad one is its own `InvalidJWT` error.
import type { Context } from 'hono';
import type { Keys } from '../config/keys.ts';
import type { Claims, Database } from '../db/database.ts';
import { AccountError, checkAccount } from '../http/account.ts';
import { identifyRequest, JwtError } from '../http/keys.ts';
import { storageErrors } from './errors.ts';

const JWT_MESSAGES: Record<JwtError['problem'], string> = {
  expired: 'jwt expired',
  invalid_signature: 'invalid signature',
  malformed: 'jwt malformed',
  missing_claims: 'jwt malformed',
};

/** The caller's claims; a deleted or banned user's still-valid token is refused as an invalid JWT. */
export async function identifyCaller(c: Context, keys: Keys, db: Database): Promise<Claims> {
  const authorization = c.req.header('authorization');
  const apikey = c.req.header('apikey') ?? c.req.query('apikey');
  if (!authorization && !apikey) {
    // storage-api verifies the (absent) bearer token and answers with the JWT library's message.
    throw storageErrors.accessDenied('Invalid Compact JWS');
  }
  try {
    const { claims } = await identifyRequest({ authorization, apikey }, keys);
    await checkAccount(db, claims);
    return claims;
  } catch (error) {
    if (error instanceof AccountError) throw storageErrors.invalidJwt(error.message);
    if (error instanceof JwtError) throw storageErrors.invalidJwt(JWT_MESSAGES[error.problem]);
    throw error;
  }
}

/** The user id an object row records as its owner (none for the anon and service keys). */
export function ownerOf(claims: Claims): string | null {
  const sub = claims.sub;
  return typeof sub === 'string' && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null;
}
