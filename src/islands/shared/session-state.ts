// The session as the UI sees it, and the small function every auth event goes through.
// PRODUCT.md §6: signed out → signed in → refreshed … → signed out (sign-out, revoked, failed refresh).
// §8a: an account with a second factor is signed in only once the factor was given. Until then
// supabase-js already stores the first step's session (aal1): that is `secondFactorPending`, which
// every island treats as signed out plus a way to finish, never as the member.
import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import { needsSecondFactor } from './second-factor/assurance';

export type SessionState =
  | { status: 'loading' }
  /** `ended`: the session ended without this tab asking (revoked, expired, signed out elsewhere). */
  | { status: 'signedOut'; ended: boolean }
  /**
   * A password, e-mail or link sign-in on an account with a verified factor, not yet confirmed
   * with it (auth-js's getAuthenticatorAssuranceLevel(): aal1 → aal2). `recovery` carries over.
   */
  | { status: 'secondFactorPending'; session: Session; recovery: boolean }
  /** `recovery`: signed in through a password-recovery link, so the next step is a new password. */
  | { status: 'signedIn'; session: Session; recovery: boolean };

export const initialSessionState: SessionState = { status: 'loading' };

export interface SessionEvent {
  event: AuthChangeEvent;
  session: Session | null;
  /** This tab asked for the sign-out (the person pressed "Sign out"). */
  requested?: boolean;
  /** A session was stored when the page loaded (so a missing one at start means it ended). */
  hadStoredSession?: boolean;
}

/**
 * The next state after an auth event.
 *
 * @example nextSessionState({ status: 'signedIn', … }, { event: 'SIGNED_OUT', session: null })
 * // { status: 'signedOut', ended: true }: the header shows "Sign in" and a notice
 * @example nextSessionState({ status: 'loading' }, { event: 'INITIAL_SESSION', session: aal1WithTotp })
 * // { status: 'secondFactorPending', … }: the header shows "Finish signing in"
 */
export function nextSessionState(state: SessionState, change: SessionEvent): SessionState {
  const { event, session } = change;
  if (session === null) {
    // Only a member who was signed in hears that it ended; a half-finished sign-in just stops.
    const wasSignedIn =
      state.status === 'signedIn' ||
      (state.status === 'loading' && change.hadStoredSession === true);
    return { status: 'signedOut', ended: wasSignedIn && change.requested !== true };
  }
  const recovery =
    event === 'PASSWORD_RECOVERY' ||
    ((state.status === 'signedIn' || state.status === 'secondFactorPending') && state.recovery);
  const status = needsSecondFactor(session) ? 'secondFactorPending' : 'signedIn';
  return { status, session, recovery };
}

/** The state after the person dismissed the "you were signed out" notice. */
export function dismissEnded(state: SessionState): SessionState {
  return state.status === 'signedOut' ? { status: 'signedOut', ended: false } : state;
}

/**
 * The member the page may show, or null: signed out, still loading, or owing the second factor.
 * Islands that show a member's data or act for them read this, not the raw session.
 */
export function signedInSession(state: SessionState): Session | null {
  return state.status === 'signedIn' ? state.session : null;
}

/** The stored session whatever its level (the sign-in dialog's second step and moderation need it). */
export function storedSession(state: SessionState): Session | null {
  return state.status === 'signedIn' || state.status === 'secondFactorPending'
    ? state.session
    : null;
}
