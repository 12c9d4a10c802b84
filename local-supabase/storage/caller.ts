// Who is calling storage: the bearer token (a user's JWT, the anon/service key or an sb_ key), else
// the apikey. storage-api verifies the JWT itself, so a bad one is its own `InvalidJWT` error.
import type { Context } from 'hono';
import type { Keys } from '../config/keys.ts';
import type { Claims, Database, Tx } from '../db/database.ts';
import { AccountError, checkAccount } from '../http/account.ts';
import { identifyRequest, JwtError } from '../http/keys.ts';
import { mapDatabaseErrors, storageErrors } from './errors.ts';

const JWT_MESSAGES: Record<JwtError['problem'], string> = {
  expired: 'jwt expired',
  invalid_signature: 'invalid signature',
  malformed: 'jwt malformed',
  missing_claims: 'jwt malformed',
};

/** The caller's claims; a deleted or banned user's still-valid token is refused as an invalid JWT. */
async function identifyCaller(c: Context, keys: Keys, db: Database): Promise<Claims> {
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

/** The caller of one storage request, identified once. */
export interface Caller {
  claims: Claims;
  /** What their object rows record as owner (`ownerOf`). */
  owner: string | null;
  /**
   * Runs `task` as the caller (row level security decides what they see and change), with database
   * errors answered in storage's words (`fromDatabaseError`).
   */
  run<T>(task: (tx: Tx) => Promise<T>): Promise<T>;
}

/** Identifies the request's caller (`identifyCaller`) and returns how to act as them. */
export async function asCaller(c: Context, ctx: { keys: Keys; db: Database }): Promise<Caller> {
  const claims = await identifyCaller(c, ctx.keys, ctx.db);
  return {
    claims,
    owner: ownerOf(claims),
    run: (task) => mapDatabaseErrors(() => ctx.db.asRole(claims, task)),
  };
}
