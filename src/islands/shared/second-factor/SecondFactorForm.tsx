// Asks for the second factor of a signed-in session: the authenticator app's code, or the security
// key or passkey registered as a factor (the browser's own dialog). On success auth-js stores the
// aal2 session and tells every island (MFA_CHALLENGE_VERIFIED). What was typed stays on a failure.
import type { Factor, GoTrueClient } from '@supabase/auth-js';
import { useId, useState, type SyntheticEvent } from 'react';
import { errorKey, type ErrorKey } from '../error-keys';
import { useT } from '../strings';

interface Props {
  auth: GoTrueClient;
  factors: Factor[];
  onDone?: () => void;
}

export function SecondFactorForm({ auth, factors, onDone }: Props) {
  const t = useT();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorKey | null>(null);
  const totp = factors.find((factor) => factor.factor_type === 'totp');
  const key = factors.find((factor) => factor.factor_type === 'webauthn');

  async function attempt(task: () => Promise<{ error: unknown }>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { error: failed } = await task();
      if (failed) setError(errorKey(failed));
      else onDone?.();
    } catch (thrown) {
      setError(errorKey(thrown));
    }
    setBusy(false);
  }

  function submitCode(event: SyntheticEvent) {
    event.preventDefault();
    if (!totp) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setError('errors.mfaCode');
      return;
    }
    void attempt(() => auth.mfa.challengeAndVerify({ factorId: totp.id, code: code.trim() }));
  }

  return (
    <div className="second-factor">
      {totp && (
        <form noValidate onSubmit={submitCode}>
          <p className="field">
            <label htmlFor={`${id}-code`}>{t('auth.mfa.code')}</label>
            <input
              id={`${id}-code`}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              value={code}
              aria-invalid={error !== null}
              onChange={(event) => {
                setCode(event.target.value);
              }}
            />
          </p>
          <button type="submit" className="button-primary" disabled={busy}>
            {busy ? t('auth.busy') : t('auth.mfa.submit')}
          </button>
        </form>
      )}
      {key && (
        <button
          type="button"
          disabled={busy}
          onClick={() => void attempt(() => auth.mfa.webauthn.authenticate({ factorId: key.id }))}
        >
          {t('auth.mfa.useKey')}
        </button>
      )}
      {error && (
        <p role="alert" className="form-error">
          {t(error)}
        </p>
      )}
    </div>
  );
}
