// The demo staff's second factor (supabase/seed.sql): moderation and admin actions need a session at
// aal2 (migration 20261127110000), so tests acting as the moderator or the admin pass it as a person
// would, with a code an authenticator app computes from the seeded secret.
import type { SupabaseClient } from '@supabase/supabase-js';
import { TOTP } from 'otpauth';

/** The seeded TOTP factors of the demo moderator and admin. */
export const demoSecondFactors = {
  moderator: {
    factorId: '5eedfac0-0000-4000-8000-000000000003',
    secret: 'POLYGLOTPRESSMODERATORDEMO234567',
  },
  admin: {
    factorId: '5eedfac0-0000-4000-8000-000000000004',
    secret: 'POLYGLOTPRESSADMINDEMOTOTP234567',
  },
} as const;

/** The current code of an authenticator app holding this secret (SHA-1, 6 digits, 30 s). */
export function totpCode(secret: string): string {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

const PERIOD_MS = 30_000;
/** The last step this process handed a code out for, per secret. */
const handedOut = new Map<string, number>();

/**
 * A code the server has not accepted before: it takes each code once (RFC 6238 §5.2), and also the
 * next step's code (its skew), so this gives the current step's code, then the next one's, then waits
 * for a new step. Only this process's codes are known; passSecondFactor retries once after that.
 */
export async function unusedTotpCode(secret: string): Promise<string> {
  const now = Date.now();
  const step = Math.max(Math.floor(now / PERIOD_MS), (handedOut.get(secret) ?? -1) + 1);
  const wait = (step - 1) * PERIOD_MS - now;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
  handedOut.set(secret, step);
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: step * PERIOD_MS,
  });
}

/**
 * Raises a signed-in client's session to aal2 with a computed code, through auth-js's `mfa`.
 * supabase-js hands realtime a new token on SIGNED_IN and TOKEN_REFRESHED but not on
 * MFA_CHALLENGE_VERIFIED, so the aal2 token is given to realtime here, as the site's client does on
 * every auth event (src/islands/shared/client.ts, getSupabase).
 */
export async function passSecondFactor(
  client: SupabaseClient,
  factor: { factorId: string; secret: string },
): Promise<void> {
  const verify = async () =>
    client.auth.mfa.challengeAndVerify({
      factorId: factor.factorId,
      code: await unusedTotpCode(factor.secret),
    });
  let { error } = await verify();
  // Another process (an e2e worker) used this factor's code: the next step's, or the one after.
  for (let retry = 0; retry < 2 && error?.message.includes('already used'); retry++) {
    ({ error } = await verify());
  }
  if (error) throw new Error(`second factor refused: ${error.message}`);
  const { data } = await client.auth.getSession();
  await client.realtime.setAuth(data.session?.access_token ?? null);
}

/** Staff roles that carry a seeded second factor. */
export function staffFactor(who: string): { factorId: string; secret: string } | null {
  return who === 'moderator' || who === 'admin' ? demoSecondFactors[who] : null;
}
