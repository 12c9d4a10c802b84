// Provides the session to an island's components. The auth client is injected (islands pass
// getAuth(), tests a client of a test server); components read the state with useSession().
import type { GoTrueClient } from '@supabase/auth-js';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { errorKey, type ErrorKey } from './error-keys';
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

interface Props {
  auth: GoTrueClient;
  /** Whether the page saw a stored session before loading (then its absence is worth a notice). */
  hadStoredSession?: boolean;
  children: ReactNode;
}

export function SessionProvider({ auth, hadStoredSession = false, children }: Props) {
  const [state, setState] = useState<SessionState>(initialSessionState);
  const requestedSignOut = useRef(false);

  useEffect(() => {
    const { data } = auth.onAuthStateChange((event, session) => {
      const requested = requestedSignOut.current;
      if (session === null) requestedSignOut.current = false;
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
      requestedSignOut.current = true;
      const { error } = await auth.signOut({ scope });
      if (error) {
        requestedSignOut.current = false;
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
