// Whether a session still owes its second factor: signed in at aal1 on an account with a verified
// factor (what auth-js's getAuthenticatorAssuranceLevel() answers as aal1 → aal2, read here without
// a request). The token's payload is read, not verified: the server checks it on every request.
import type { Factor, Session } from '@supabase/auth-js';

export function sessionAal(session: Session): string {
  const payload = session.access_token.split('.')[1] ?? '';
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const aal = (JSON.parse(json) as { aal?: unknown }).aal;
    return typeof aal === 'string' ? aal : 'aal1';
  } catch {
    return 'aal1';
  }
}

/** The verified factors a session can be raised with: authenticator apps and security keys. */
export function verifiedFactors(session: Session): Factor[] {
  return (session.user.factors ?? []).filter(
    (factor) =>
      factor.status === 'verified' &&
      (factor.factor_type === 'totp' || factor.factor_type === 'webauthn'),
  );
}

export function needsSecondFactor(session: Session): boolean {
  return sessionAal(session) !== 'aal2' && verifiedFactors(session).length > 0;
}
