// The sign-in dialog's second step, for an account with a second factor: after the password or the
// e-mail code, the reader counts as signed in only once the authenticator app's code or the security
// key has been given. Leaving it signs the half-finished session out.
import type { GoTrueClient, Session } from '@supabase/auth-js';
import { SecondFactorForm } from '../shared/second-factor/SecondFactorForm';
import { verifiedFactors } from '../shared/second-factor/assurance';
import { useT } from '../shared/strings';

interface Props {
  auth: GoTrueClient;
  session: Session;
  id: string;
}

export function SecondFactorStep({ auth, session, id }: Props) {
  const t = useT();
  return (
    <section aria-labelledby={`${id}-mfa`} className="second-factor-step">
      <h3 id={`${id}-mfa`}>{t('auth.mfa.heading')}</h3>
      <p>{t('auth.mfa.explain')}</p>
      <SecondFactorForm auth={auth} factors={verifiedFactors(session)} />
      <button
        type="button"
        className="button-link"
        onClick={() => void auth.signOut({ scope: 'local' })}
      >
        {t('auth.mfa.cancel')}
      </button>
    </section>
  );
}
