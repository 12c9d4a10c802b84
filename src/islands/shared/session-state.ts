// The session as the UI sees it, and the small function every auth event goes through.
// PRODUCT.md §6: signed out → signed in → refreshed … → signed out (sign-out, revoked, failed refresh).
import type { AuthChangeEvent, Session } from '@supabase/auth-js';

export type SessionState =
  | { status: 'loading' }
  /** `ended`: the session ended without this tab asking (revoked, expired, signed out elsewhere). */
  | { status: 'signedOut'; ended: boolean }
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
 */
export function nextSessionState(state: SessionState, change: SessionEvent): SessionState {
  const { event, session } = change;
  if (session === null) {
    const wasSignedIn =
      state.status === 'signedIn' ||
      (state.status === 'loading' && change.hadStoredSession === true);
    return { status: 'signedOut', ended: wasSignedIn && change.requested !== true };
  }
  const recovery = event === 'PASSWORD_RECOVERY' || (state.status === 'signedIn' && state.recovery);
  return { status: 'signedIn', session, recovery };
}

/** The state after the person dismissed the "you were signed out" notice. */
export function dismissEnded(state: SessionState): SessionState {
  return state.status === 'signedOut' ? { status: 'signedOut', ended: false } : state;
}
