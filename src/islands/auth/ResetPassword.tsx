// The new-password page's content. Signed in (after a recovery link): a new password, with the
// §7 rules shown and checked before sending. Signed out (no link, or it expired): an explanation
// and the form that sends a reset e-mail. What was typed stays in its field after every error.
import type { GoTrueClient } from '@supabase/auth-js';
import { useId, useState, type SyntheticEvent } from 'react';
import { sendPasswordReset, type Links } from '../header/auth-actions';
import type { ErrorKey } from '../shared/error-keys';
import { openHeaderSignIn } from '../shared/open-sign-in';
import { useSession } from '../shared/SessionProvider';
import { useT } from '../shared/strings';
import { saveNewPassword } from './reset-actions';

interface Props {
  auth: GoTrueClient;
  links: Links;
  homePath: string;
}

export function ResetPassword({ auth, links, homePath }: Props) {
  const t = useT();
  const { state } = useSession();
  const id = useId();
  const [value, setValue] = useState('');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorKey | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (state.status === 'loading') return <p className="meta">{t('confirm.loading')}</p>;
  // A recovery link on an account with a second factor: the auth server takes a new password only
  // at aal2, so the factor comes first (the header's dialog, at its second step); the recovery
  // carries over to the signed-in state, and this page then asks for the password.
  if (state.status === 'secondFactorPending') {
    return (
      <div className="auth-step">
        <p>{t('auth.mfa.pending.resetPassword')}</p>
        <button type="button" className="button-primary" onClick={openHeaderSignIn}>
          {t('auth.mfa.pending.finish')}
        </button>
      </div>
    );
  }
  const signedIn = state.status === 'signedIn';

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const outcome = signedIn
      ? await saveNewPassword(auth, value)
      : await sendPasswordReset(auth, value, links);
    setBusy(false);
    if ('error' in outcome) setError(outcome.error);
    else setDone(signedIn ? 'saved' : value.trim());
  }

  if (signedIn && done !== null) {
    return (
      <div className="auth-step">
        <p role="status">{t('resetPassword.done')}</p>
        <p>
          <a href={homePath}>{t('resetPassword.home')}</a>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-step">
      <p>
        {signedIn
          ? t('resetPassword.intro', { email: state.session.user.email ?? '' })
          : t('resetPassword.signedOut')}
      </p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <p className="field">
          <label htmlFor={`${id}-value`}>
            {t(signedIn ? 'resetPassword.field' : 'auth.field.email')}
          </label>
          <input
            id={`${id}-value`}
            name={signedIn ? 'password' : 'email'}
            type={signedIn ? (shown ? 'text' : 'password') : 'email'}
            autoComplete={signedIn ? 'new-password' : 'email'}
            required
            value={value}
            aria-describedby={signedIn ? `${id}-hint` : undefined}
            onChange={(event) => {
              setValue(event.target.value);
            }}
          />
          {signedIn && (
            <small id={`${id}-hint`} className="field-hint">
              {t('auth.passwordRules')}
            </small>
          )}
        </p>
        {signedIn && (
          <p className="field-check">
            <input
              id={`${id}-show`}
              type="checkbox"
              checked={shown}
              onChange={(event) => {
                setShown(event.target.checked);
              }}
            />{' '}
            <label htmlFor={`${id}-show`}>{t('resetPassword.show')}</label>
          </p>
        )}
        {error && (
          <p role="alert" className="form-error">
            {t(error)}
          </p>
        )}
        {!signedIn && done !== null && (
          <p role="status" className="form-status">
            {t('auth.forgot.sent', { email: done })}
          </p>
        )}
        <button type="submit" className="button-primary" aria-disabled={busy}>
          {busy ? t('auth.busy') : t(signedIn ? 'resetPassword.submit' : 'auth.forgot.submit')}
        </button>
      </form>
    </div>
  );
}
