// Who calls /user, /logout and /admin: the bearer token, checked as GoTrue's requireAuthentication does.
import type { Claims, Tx } from '../db/database.ts';
import { AccountError, checkAccount } from '../http/account.ts';
import type { JWTPayload } from 'jose';
import { bearerToken, identifyApiKey, JwtError, toClaims, verifyJwt } from '../http/keys.ts';
import type { AuthContext } from './context.ts';
import { authError, forbidden } from './errors.ts';
import { findUserById, type UserRow } from './users.ts';

export interface Caller {
  user: UserRow;
  sessionId: string;
  claims: Claims;
}

/** The bearer's verified payload (any role: GoTrue checks roles per endpoint, not here). */
async function readPayload(
  authorization: string | undefined,
  context: AuthContext,
): Promise<JWTPayload> {
  const token = bearerToken(authorization);
  if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  const keyRole = token.startsWith('sb_') ? identifyApiKey(token, context.keys) : null;
  if (keyRole) return { role: keyRole };
  try {
    return await verifyJwt(token, context.keys);
  } catch (error) {
    const reason = error instanceof JwtError ? error.message : 'invalid token';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

async function readClaims(
  authorization: string | undefined,
  context: AuthContext,
): Promise<Claims> {
  const payload = await readPayload(authorization, context);
  try {
    return toClaims(payload);
  } catch (error) {
    throw forbidden('bad_jwt', (error as Error).message);
  }
}

/** The signed-in user and session behind the bearer token (403 when the session is gone). */
export async function requireUser(
  authorization: string | undefined,
  context: AuthContext,
): Promise<Caller> {
  const claims = await readClaims(authorization, context);
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') {
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  }
  return context.db.transaction((tx) => loadCaller(tx, claims, sub));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function loadCaller(tx: Tx, claims: Claims, sub: string): Promise<Caller> {
  // The check REST, storage and realtime share: a deleted or banned user's token is refused.
  try {
    await checkAccount(tx, claims);
  } catch (error) {
    if (error instanceof AccountError) throw forbidden(error.problem, error.message);
    throw error;
  }
  const user = UUID.test(sub) ? await findUserById(tx, sub) : null;
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const claimed = claims['session_id'];
  const sessionId = typeof claimed === 'string' && UUID.test(claimed) ? claimed : '';
  const { rows } = await tx.query('select 1 from auth.sessions where id = $1 and user_id = $2', [
    sessionId || null,
    user.id,
  ]);
  if (rows.length === 0) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, sessionId, claims };
}

/** GoTrue's default `GOTRUE_JWT_ADMIN_ROLES`. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** The admin API needs a service_role or supabase_admin key or JWT as bearer. */
export async function requireAdmin(
  authorization: string | undefined,
  context: AuthContext,
): Promise<void> {
  const payload = await readPayload(authorization, context);
  if (typeof payload['role'] !== 'string' || !ADMIN_ROLES.has(payload['role'])) {
    throw forbidden('not_admin', 'User not allowed');
  }
}
