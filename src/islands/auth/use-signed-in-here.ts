// After a refused outside sign-in, what the link page offers depends on whether someone is signed
// in here: a member who already was (linking another way in from the account page failed) goes
// back where they were; a reader who signs in again from the header's dialog moves on.
import type { GoTrueClient } from '@supabase/auth-js';
import { useEffect, useRef, useState } from 'react';

/**
 * While `active`: whether a session was stored when the page opened (`null` until auth-js has
 * said), and `onSignedIn` once someone who was not signed in signs in on this page.
 */
export function useSignedInHere(
  auth: GoTrueClient,
  active: boolean,
  onSignedIn: () => void,
): boolean | null {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const callback = useRef(onSignedIn);
  callback.current = onSignedIn;

  useEffect(() => {
    if (!active) return;
    let before: boolean | null = null;
    const { data } = auth.onAuthStateChange((event, session) => {
      if (event === 'INITIAL_SESSION') {
        before = session !== null;
        setSignedIn(before);
      } else if (event === 'SIGNED_IN' && before === false) {
        // auth-js also says SIGNED_IN when a stored session is recovered (a tab shown again):
        // only a sign-in after the page opened signed out counts.
        callback.current();
      } else if (event === 'SIGNED_OUT') {
        before = false;
        setSignedIn(false);
      }
    });
    return () => {
      data.subscription.unsubscribe();
    };
  }, [auth, active]);

  return signedIn;
}
