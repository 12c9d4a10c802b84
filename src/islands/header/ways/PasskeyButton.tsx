// "Sign in with a passkey": the browser's own dialog offers the site's passkeys (discoverable
// credentials, no e-mail needed). Where the browser supports it, passkeys are also offered in the
// e-mail field's autofill while the dialog shows its first step (conditional mediation; the field
// says autocomplete="username webauthn"); that quiet request is withdrawn when the dialog closes,
// the address is given or the button is pressed.
import { useEffect, useRef } from 'react';
import { errorKey } from '../../shared/error-keys';
import { useT } from '../../shared/strings';
import type { WayProps } from './way';

function supportsWebAuthn(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

export function PasskeyButton({ auth, dispatch }: WayProps) {
  const t = useT();
  const autofill = useRef<AbortController | null>(null);

  useEffect(() => {
    // Older browsers have WebAuthn without conditional mediation: then only the button offers it.
    if (!supportsWebAuthn() || !('isConditionalMediationAvailable' in PublicKeyCredential)) return;
    const controller = new AbortController();
    autofill.current = controller;
    void PublicKeyCredential.isConditionalMediationAvailable().then(async (available) => {
      if (!available || controller.signal.aborted) return;
      const { data } = await auth.signInWithPasskey({
        options: { mediation: 'conditional', signal: controller.signal },
      });
      // A passkey picked from the autofill signs in (the header closes the dialog); a withdrawn
      // or failed quiet request says nothing.
      if (data) dispatch({ type: 'done' });
    });
    return () => {
      controller.abort();
    };
  }, [auth, dispatch]);

  async function signIn() {
    autofill.current?.abort();
    dispatch({ type: 'submit' });
    try {
      const { error } = await auth.signInWithPasskey();
      if (error) dispatch({ type: 'failed', error: errorKey(error) });
      else dispatch({ type: 'done' });
    } catch (thrown) {
      dispatch({ type: 'failed', error: errorKey(thrown) });
    }
  }

  if (!supportsWebAuthn()) return null;
  return (
    <button type="button" onClick={() => void signIn()}>
      {t('auth.passkey.button')}
    </button>
  );
}
