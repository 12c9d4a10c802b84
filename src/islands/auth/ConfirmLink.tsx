// The e-mail link page's content. A link from an e-mail is completed only when the person presses
// the button (mail scanners open links too, and must not use them up); a PKCE code from outside
// sign-in is exchanged at once (it is useless without this browser's code verifier). A link that
// cannot be used is explained in the page's language, with a form that sends a new one; a refused
// single sign-on or outside sign-in (the root page sends it here) with a way to sign in again.
import type { GoTrueClient } from '@supabase/auth-js';
import { useEffect, useId, useReducer, useRef, type SyntheticEvent } from 'react';
import { sendEmailLink, sendPasswordReset, type Links } from '../header/auth-actions';
import { markFreshSignIn } from '../shared/fresh-sign-in';
import { openHeaderSignIn } from '../shared/open-sign-in';
import { useT } from '../shared/strings';
import { completeLink, exchangeCode, type LinkOutcome } from './confirm-actions';
import { confirmReducer, initialConfirmState } from './confirm-state';
import { readLinkRequest, safeNext, type LinkKind } from './link-params';
import { useSignedInHere } from './use-signed-in-here';

export interface ConfirmPaths {
  home: string;
  account: string;
  confirm: string;
  resetPassword: string;
}

interface Props {
  auth: GoTrueClient;
  locale: string;
  paths: ConfirmPaths;
  /** The page's address (tests pass their own). */
  url: URL;
  /** Moves on to the next page once signed in (tests record it instead). */
  navigate: (path: string) => void;
}

const intro = {
  email: 'confirm.intro.email',
  recovery: 'confirm.intro.recovery',
  emailChange: 'confirm.intro.emailChange',
} as const;
const submit = {
  email: 'confirm.submit.email',
  recovery: 'confirm.submit.recovery',
  emailChange: 'confirm.submit.emailChange',
} as const;

export function ConfirmLink({ auth, locale, paths, url, navigate }: Props) {
  const t = useT();
  const id = useId();
  const [state, dispatch] = useReducer(confirmReducer, initialConfirmState);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const { phase, request, error } = state;
  const link: LinkKind =
    request.kind === 'token' || request.kind === 'error' ? request.link : 'email';
  const way = request.kind === 'error' ? request.way : 'resend';
  const next = safeNext(
    url.searchParams.get('next'),
    url.origin,
    link === 'recovery' ? paths.resetPassword : paths.home,
  );
  const links: Links = {
    confirmUrl: new URL(paths.confirm, url.origin).href,
    resetUrl: new URL(paths.resetPassword, url.origin).href,
    locale,
  };

  useEffect(() => {
    const read = readLinkRequest(url);
    dispatch({ type: 'read', request: read });
    if (read.kind === 'code') void exchangeCode(auth, read.code).then(finish);
    // Read once per page: the address does not change while the page is open.
  }, []);

  const signedInHere = useSignedInHere(auth, phase === 'failed' && way === 'signIn', () => {
    dispatch({ type: 'completed', outcome: 'signedIn' });
    markFreshSignIn();
    navigate(next);
  });

  useEffect(() => {
    // The button that had focus is gone: take focus to the explanation, which is also announced.
    if (phase === 'failed' && error !== null) errorRef.current?.focus();
  }, [phase, error]);

  function finish(outcome: LinkOutcome) {
    if ('error' in outcome) {
      dispatch({ type: 'failed', error: outcome.error });
      return;
    }
    dispatch({ type: 'completed', outcome: outcome.ok });
    if (outcome.ok === 'signedIn') {
      markFreshSignIn();
      navigate(next);
    }
  }

  async function complete() {
    if (request.kind !== 'token' || phase === 'working') return;
    dispatch({ type: 'start' });
    finish(await completeLink(auth, request.tokenHash, request.type));
  }

  async function resend(event: SyntheticEvent) {
    event.preventDefault();
    if (state.resendBusy) return;
    dispatch({ type: 'resend' });
    const outcome = await (link === 'recovery'
      ? sendPasswordReset(auth, state.email, links)
      : sendEmailLink(auth, state.email, links));
    if ('error' in outcome) dispatch({ type: 'resendFailed', error: outcome.error });
    else dispatch({ type: 'resent', email: state.email.trim() });
  }

  if (phase === 'loading') return <p className="meta">{t('confirm.loading')}</p>;

  if (phase === 'ready' || (phase === 'working' && request.kind === 'token')) {
    return (
      <div className="auth-step">
        <p>{t(intro[link])}</p>
        <p className="meta">{t('confirm.why')}</p>
        <button
          type="button"
          className="button-primary"
          aria-disabled={phase === 'working'}
          onClick={() => void complete()}
        >
          {phase === 'working' ? t('auth.busy') : t(submit[link])}
        </button>
      </div>
    );
  }
  if (phase === 'working') return <p role="status">{t('confirm.exchanging')}</p>;
  if (phase === 'signedIn' || phase === 'halfway') {
    return (
      <div className="auth-step">
        <p role="status">{t(phase === 'signedIn' ? 'confirm.done' : 'confirm.emailChangeHalf')}</p>
        <p>
          <a href={phase === 'signedIn' ? next : paths.home}>{t('confirm.continue')}</a>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-step">
      {error === null ? (
        <p>{t('confirm.missing')}</p>
      ) : (
        <p role="alert" className="form-error" tabIndex={-1} ref={errorRef}>
          {t(error)}
        </p>
      )}
      {link === 'emailChange' ? (
        <p>
          <a href={paths.account}>{t('confirm.emailChangeAgain')}</a>
        </p>
      ) : way === 'signIn' ? (
        signedInHere === null ? null : (
          <p>
            {signedInHere ? (
              <a href={next}>{t('confirm.continue')}</a>
            ) : (
              <button type="button" className="button-primary" onClick={openHeaderSignIn}>
                {t('confirm.signInAgain')}
              </button>
            )}
          </p>
        )
      ) : (
        <section aria-labelledby={`${id}-resend`}>
          <h2 id={`${id}-resend`}>{t('confirm.resend.heading')}</h2>
          <form noValidate onSubmit={(event) => void resend(event)}>
            <p className="field">
              <label htmlFor={`${id}-email`}>{t('auth.field.email')}</label>
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="email"
                required
                value={state.email}
                onChange={(event) => {
                  dispatch({ type: 'input', email: event.target.value });
                }}
              />
            </p>
            {state.resendError && (
              <p role="alert" className="form-error">
                {t(state.resendError)}
              </p>
            )}
            {state.resentTo && (
              <p role="status" className="form-status">
                {t('confirm.resend.sent', { email: state.resentTo })}
              </p>
            )}
            <button type="submit" className="button-primary" aria-disabled={state.resendBusy}>
              {state.resendBusy ? t('auth.busy') : t('confirm.resend.submit')}
            </button>
          </form>
        </section>
      )}
    </div>
  );
}
