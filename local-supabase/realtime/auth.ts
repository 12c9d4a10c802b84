// The claims a channel subscribes with: the join's `access_token` (a user's JWT, or the anon key
// after sign-out), else the socket's apikey. They decide, through RLS, which changes it receives.
import type { Keys } from '../config/keys.ts';
import type { Claims } from '../db/database.ts';
import { AccountError, type AccountChecks } from '../http/account.ts';
import { identifyApiKey, JwtError, toClaims, verifyJwt } from '../http/keys.ts';

export interface ChannelAuth {
  claims: Claims;
  /** Expiry in epoch milliseconds; undefined for tokens that do not expire (sb_ keys). */
  expiresAt: number | undefined;
}

export class RealtimeAuthError extends Error {
  override name = 'RealtimeAuthError';
  readonly expired: boolean;

  constructor(message: string, expired = false) {
    super(message);
    this.expired = expired;
  }
}

/**
 * Verifies `token` and that its user still exists and is not banned; throws RealtimeAuthError with
 * realtime's wording.
 */
export async function authenticate(
  token: string,
  keys: Keys,
  accounts: AccountChecks,
): Promise<ChannelAuth> {
  const keyRole = token.startsWith('sb_') ? identifyApiKey(token, keys) : null;
  if (keyRole) return { claims: { role: keyRole }, expiresAt: undefined };
  try {
    const payload = await verifyJwt(token, keys);
    const claims = toClaims(payload);
    await accounts.check(claims);
    return {
      claims,
      expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : undefined,
    };
  } catch (error) {
    if (error instanceof AccountError)
      throw new RealtimeAuthError(`Invalid JWT Token: ${error.message}`);
    if (!(error instanceof JwtError)) throw error;
    if (error.problem === 'expired') {
      const seconds = expiredSecondsAgo(token);
      throw new RealtimeAuthError(`Token has expired ${seconds} seconds ago`, true);
    }
    throw new RealtimeAuthError(`Invalid JWT Token: ${error.message}`);
  }
}

function expiredSecondsAgo(token: string): number {
  try {
    const part = token.split('.')[1] ?? '';
    const { exp } = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as { exp?: number };
    return typeof exp === 'number' ? Math.max(0, Math.floor(Date.now() / 1000 - exp)) : 0;
  } catch {
    return 0;
  }
}

/** Whether `key` may open a socket at all (the project's keys, or any JWT signed with its secret). */
export async function isAcceptedApiKey(key: string | null, keys: Keys): Promise<boolean> {
  if (!key) return false;
  if (identifyApiKey(key, keys)) return true;
  try {
    await verifyJwt(key, keys);
    return true;
  } catch {
    return false;
  }
}
