// Provides the session to an island's components. The auth client is injected (islands pass
// getAuth(), tests a client of a test server); components read the state with useSession().
import type { GoTrueClient } from '@supabase/auth-js';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { errorKey, type ErrorKey } from './error-keys';
import { forgetKeptCopies, syncKeptBookmarks } from './offline-copies';
import { needsSecondFactor } from './second-factor/assurance';
import {
  dismissEnded,
  initialSessionState,
  nextSessionState,
  type SessionState,
} from './session-state';

export interface SessionContextValue {
  state: SessionState;
  auth: GoTrueClient;
  /** Signs out this browser (`local`) or every device (`global`); an error key when it failed. */
  signOut: (scope?: 'local' | 'global') => Promise<ErrorKey | null>;
  dismissNotice: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Whether someone on this page asked for the sign-out that comes next. Shared by every island's
 * provider (one module per page), so a sign-out pressed on the account page is no surprise to the
 * header; it stays set until the next sign-in, because every provider hears the SIGNED_OUT event.
 */
const signOutRequest = { pending: false };

interface Props {
  auth: GoTrueClient;
  /** Whether the page saw a stored session before loading (then its absence is worth a notice). */
  hadStoredSession?: boolean;
  children: ReactNode;
}

export function SessionProvider({ auth, hadStoredSession = false, children }: Props) {
  const [state, setState] = useState<SessionState>(initialSessionState);

  useEffect(() => {
    const { data } = auth.onAuthStateChange((event, session) => {
      const requested = signOutRequest.pending;
      if (session !== null) signOutRequest.pending = false;
      // Reading offline: a member's bookmarks are kept on the device until they sign out.
      if (event === 'SIGNED_OUT') forgetKeptCopies();
      else if (session !== null && !needsSecondFactor(session)) syncKeptBookmarks();
      setState((current) =>
        nextSessionState(current, { event, session, requested, hadStoredSession }),
      );
    });
    // A stored session may have been revoked elsewhere ("sign out everywhere") while its access
    // token is still valid: ask the server, which ends it here (SIGNED_OUT) if it is gone. Again
    // whenever the tab comes back into view.
    const check = () => {
      void auth.getSession().then(({ data: current }) => {
        if (current.session !== null) void auth.getUser();
      });
    };
    check();
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      data.subscription.unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [auth, hadStoredSession]);

  const signOut = useCallback(
    async (scope: 'local' | 'global' = 'local') => {
      signOutRequest.pending = true;
      const { error } = await auth.signOut({ scope });
      if (error) {
        signOutRequest.pending = false;
        return errorKey(error);
      }
      return null;
    },
    [auth],
  );
  const dismissNotice = useCallback(() => {
    setState(dismissEnded);
  }, []);

  const value = useMemo(
    () => ({ state, auth, signOut, dismissNotice }),
    [state, auth, signOut, dismissNotice],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** The session and its actions; only inside a SessionProvider. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (value === null) throw new Error('useSession() must be used inside <SessionProvider>');
  return value;
}
