// "Sign in with your organisation": the reader's work address picks their organisation's identity
// provider by its domain (signInWithSSO), and the browser goes there; it comes back through
// /{l}/auth/confirm/ to this page, signed in. A domain without single sign-on is said so here, and
// the address typed stays.
import { useId, useState, type SyntheticEvent } from 'react';
import { errorKey } from '../../shared/error-keys';
import { useT } from '../../shared/strings';
import { emailProblem } from '../../shared/validation';
import { returnUrl, type WayProps } from './way';

type Problem = ReturnType<typeof errorKey> | 'auth.sso.noProvider';

/** GoTrue's code for a domain no provider is registered for. */
const NO_PROVIDER = 'sso_provider_not_found';

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

export function OrganisationSignIn({ auth, links }: WayProps) {
  const t = useT();
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const domain = email.trim().split('@')[1]?.toLowerCase() ?? '';

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = emailProblem(email);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { data, error } = await auth.signInWithSSO({
        domain,
        // The page leaves below, once (auth-js would otherwise leave by itself as well).
        options: { redirectTo: returnUrl(links), skipBrowserRedirect: true },
      });
      if (error) {
        setProblem(codeOf(error) === NO_PROVIDER ? 'auth.sso.noProvider' : errorKey(error));
        setBusy(false);
        return;
      }
      // Stays busy: the page is leaving for the organisation's sign-in.
      window.location.assign(data.url);
    } catch (thrown) {
      setProblem(errorKey(thrown));
      setBusy(false);
    }
  }

  return (
    <section className="oauth" aria-labelledby={`${id}-sso`}>
      <h3 id={`${id}-sso`}>{t('auth.sso.heading')}</h3>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p className="field">
          <label htmlFor={`${id}-sso-email`}>{t('auth.sso.field')}</label>
          <input
            id={`${id}-sso-email`}
            name="work-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            aria-describedby={`${id}-sso-hint`}
            onChange={(event) => {
              setEmail(event.target.value);
            }}
          />
          <small id={`${id}-sso-hint`}>{t('auth.sso.hint')}</small>
        </p>
        {problem && (
          <p role="alert" className="form-error">
            {t(problem, { domain })}
          </p>
        )}
        <button type="submit" aria-disabled={busy}>
          {busy ? t('auth.busy') : t('auth.sso.submit')}
        </button>
      </form>
    </section>
  );
}
