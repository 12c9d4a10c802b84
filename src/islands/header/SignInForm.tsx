// The dialog's form, address first. One e-mail field (a real `username` field that password
// managers fill, and where the browser supports it the passkeys' autofill) and "Continue": an
// address whose domain has single sign-on leaves for the organisation's identity provider; every
// other address, known or not, gets the password step, with an e-mail link or code, a reset link and
// account creation beside it. The address stays visible and editable on every step, focus moves to
// each step's new field, every error appears in the one alert (by its code, in the page's
// language), and what was typed stays across failures, steps and closing the dialog.
import { useEffect, useId, useRef, type SyntheticEvent } from 'react';
import { useT } from '../shared/strings';
import * as actions from './auth-actions';
import type { Field, Step } from './dialog-state';
import { returnUrl, type WayProps } from './ways/way';

const submitLabels = {
  address: 'auth.continue',
  password: 'auth.password.submit',
  code: 'auth.code.submit',
  signUp: 'auth.signUp.submit',
} as const satisfies Record<Step, string>;

const sentMessages = {
  link: 'auth.email.sent',
  signUp: 'auth.signUp.sent',
  reset: 'auth.forgot.sent',
} as const;

export function SignInForm({ auth, links, state, dispatch }: Omit<WayProps, 'id'>) {
  const t = useT();
  const id = useId();
  const { step, values, busy, error, sent } = state;
  const form = useRef<HTMLFormElement>(null);
  const firstStep = useRef(true);

  // Each step's new field takes the focus (the address again after Back); the dialog's opening
  // focuses the current one itself (SignInDialog).
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    form.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [step]);

  // Back from the organisation's page through the browser's history, the page may be restored as
  // it was left ("Please wait…"): the address step again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch({ type: 'step', step: 'address' });
    };
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pageshow', onShow);
    };
  }, [dispatch]);

  async function send(task: () => Promise<actions.Outcome>, mail: 'link' | 'signUp' | 'reset') {
    if (busy) return;
    dispatch({ type: 'submit' });
    const outcome = await task();
    if ('error' in outcome) dispatch({ type: 'failed', error: outcome.error });
    else if (outcome.ok === 'sent') dispatch({ type: 'sent', mail, email: values.email.trim() });
    else dispatch({ type: 'done' });
  }

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (busy) return;
    if (step === 'address') {
      dispatch({ type: 'submit' });
      const outcome = await actions.continueWithAddress(auth, values.email, returnUrl(links));
      if ('error' in outcome) dispatch({ type: 'failed', error: outcome.error });
      else if (outcome.ok === 'password') dispatch({ type: 'step', step: 'password' });
      // Stays busy: the page is leaving for the organisation's sign-in.
      else window.location.assign(outcome.url);
      return;
    }
    if (step === 'signUp') {
      await send(() => actions.signUp(auth, values.email, values.password, links), 'signUp');
      return;
    }
    dispatch({ type: 'submit' });
    const outcome = await (step === 'password'
      ? actions.signInWithPassword(auth, values.email, values.password)
      : actions.signInWithCode(auth, values.email, values.code));
    if ('error' in outcome) dispatch({ type: 'failed', error: outcome.error });
    else dispatch({ type: 'done' });
  }

  const field = (
    name: Field,
    label: Parameters<typeof t>[0],
    type: string,
    autoComplete: string,
    options: { hint?: string; autofocus?: boolean } = {},
  ) => (
    <p className="field">
      <label htmlFor={`${id}-${name}`}>{t(label)}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        value={values[name]}
        aria-describedby={options.hint ? `${id}-${name}-hint` : undefined}
        data-autofocus={options.autofocus ? '' : undefined}
        {...(name === 'code'
          ? { inputMode: 'numeric' as const, pattern: '\\d{6}', maxLength: 6 }
          : {})}
        onChange={(event) => {
          dispatch({ type: 'input', field: name, value: event.target.value });
        }}
      />
      {options.hint && (
        <small id={`${id}-${name}-hint`} className="field-hint">
          {options.hint}
        </small>
      )}
    </p>
  );

  const linkButton = (label: Parameters<typeof t>[0], onClick: () => void) => (
    <button type="button" className="button-link" aria-disabled={busy} onClick={onClick}>
      {t(label)}
    </button>
  );

  return (
    <form ref={form} noValidate className="sign-in-form" onSubmit={(event) => void submit(event)}>
      {step !== 'address' && (
        <button
          type="button"
          className="button-link dialog-back"
          onClick={() => {
            dispatch({ type: 'back' });
          }}
        >
          {t('auth.back')}
        </button>
      )}
      {/* The same field on every step. `webauthn`: where the browser supports it, the first step
          offers passkeys in this field's autofill (ways/PasskeyButton.tsx). */}
      {field(
        'email',
        'auth.field.email',
        'email',
        step === 'address' ? 'username webauthn' : step === 'signUp' ? 'email' : 'username',
        { autofocus: step === 'address' },
      )}
      {(step === 'password' || step === 'signUp') &&
        field(
          'password',
          'auth.field.password',
          'password',
          step === 'signUp' ? 'new-password' : 'current-password',
          {
            autofocus: true,
            ...(step === 'signUp' ? { hint: t('auth.passwordRules') } : {}),
          },
        )}
      {step === 'code' &&
        field('code', 'auth.field.code', 'text', 'one-time-code', { autofocus: true })}
      {error && (
        <p role="alert" className="form-error">
          {t(error)}
        </p>
      )}
      {sent && (
        <p role="status" className="form-status">
          {t(sentMessages[sent.mail], { email: sent.email })}
        </p>
      )}
      <button type="submit" className="button-primary" aria-disabled={busy}>
        {busy ? t('auth.busy') : t(submitLabels[step])}
      </button>
      {step === 'password' && (
        <div className="dialog-alternatives">
          {linkButton('auth.email.instead', () => {
            void send(() => actions.sendEmailLink(auth, values.email, links), 'link');
          })}
          {linkButton('auth.forgot.start', () => {
            void send(() => actions.sendPasswordReset(auth, values.email, links), 'reset');
          })}
          {linkButton('auth.signUp.start', () => {
            dispatch({ type: 'step', step: 'signUp' });
          })}
        </div>
      )}
      {step === 'code' && (
        <div className="dialog-alternatives">
          {linkButton('auth.email.again', () => {
            void send(() => actions.sendEmailLink(auth, values.email, links), 'link');
          })}
        </div>
      )}
    </form>
  );
}
