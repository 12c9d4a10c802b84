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
  const { error } = await client.auth.mfa.challengeAndVerify({
    factorId: factor.factorId,
    code: totpCode(factor.secret),
  });
  if (error) throw new Error(`second factor refused: ${error.message}`);
  const { data } = await client.auth.getSession();
  await client.realtime.setAuth(data.session?.access_token ?? null);
}

/** Staff roles that carry a seeded second factor. */
export function staffFactor(who: string): { factorId: string; secret: string } | null {
  return who === 'moderator' || who === 'admin' ? demoSecondFactors[who] : null;
}
