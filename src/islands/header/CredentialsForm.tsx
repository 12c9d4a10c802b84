// The dialog's forms: tabs for password, sign-up, e-mail link or code and forgotten password,
// labelled fields, and the one alert where every way's error appears (by its code, in the page's
// language). What was typed stays across failures, tabs and closing the dialog.
import { useId, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useT } from '../shared/strings';
import * as actions from './auth-actions';
import type { Field, Tab } from './dialog-state';
import type { WayProps } from './ways/way';

const tabs: {
  tab: Tab;
  label: 'auth.tabs.password' | 'auth.tabs.signUp' | 'auth.tabs.email' | 'auth.tabs.forgot';
}[] = [
  { tab: 'password', label: 'auth.tabs.password' },
  { tab: 'signUp', label: 'auth.tabs.signUp' },
  { tab: 'email', label: 'auth.tabs.email' },
  { tab: 'forgot', label: 'auth.tabs.forgot' },
];

export function CredentialsForm({ auth, links, state, dispatch }: Omit<WayProps, 'id'>) {
  const t = useT();
  const id = useId();
  const { tab, values, busy, error, sent } = state;

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (busy) return;
    dispatch({ type: 'submit' });
    const outcome = await (tab === 'password'
      ? actions.signInWithPassword(auth, values.email, values.password)
      : tab === 'signUp'
        ? actions.signUp(auth, values.email, values.password, links)
        : tab === 'forgot'
          ? actions.sendPasswordReset(auth, values.email, links)
          : sent?.tab === 'email'
            ? actions.signInWithCode(auth, values.email, values.code)
            : actions.sendEmailLink(auth, values.email, links));
    if ('error' in outcome) dispatch({ type: 'failed', error: outcome.error });
    else if (outcome.ok === 'sent') dispatch({ type: 'sent', email: values.email.trim() });
    else dispatch({ type: 'done' });
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: tabs.length - 1 - index }[
      event.key
    ];
    if (step === undefined) return;
    event.preventDefault();
    // In right-to-left pages the arrows follow the visual order.
    const rtl = document.documentElement.dir === 'rtl' && event.key.startsWith('Arrow');
    const next = (index + (rtl ? -step : step) + tabs.length) % tabs.length;
    const target = tabs[next];
    if (target) {
      dispatch({ type: 'tab', tab: target.tab });
      document.getElementById(`${id}-tab-${target.tab}`)?.focus();
    }
  }

  const field = (
    name: Field,
    label: Parameters<typeof t>[0],
    type: string,
    autoComplete: string,
    hint?: string,
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
        aria-describedby={hint ? `${id}-${name}-hint` : undefined}
        {...(name === 'code'
          ? { inputMode: 'numeric' as const, pattern: '\\d{6}', maxLength: 6 }
          : {})}
        onChange={(event) => {
          dispatch({ type: 'input', field: name, value: event.target.value });
        }}
      />
      {hint && (
        <small id={`${id}-${name}-hint`} className="field-hint">
          {hint}
        </small>
      )}
    </p>
  );

  const submitLabel =
    tab === 'password'
      ? 'auth.password.submit'
      : tab === 'signUp'
        ? 'auth.signUp.submit'
        : tab === 'forgot'
          ? 'auth.forgot.submit'
          : sent?.tab === 'email'
            ? 'auth.code.submit'
            : 'auth.email.submit';
  const sentMessage =
    sent === null
      ? null
      : sent.tab === 'signUp'
        ? t('auth.signUp.sent', { email: sent.email })
        : sent.tab === 'forgot'
          ? t('auth.forgot.sent', { email: sent.email })
          : t('auth.email.sent', { email: sent.email });

  return (
    <>
      <div role="tablist" aria-label={t('auth.tabs.label')} className="dialog-tabs">
        {tabs.map(({ tab: each, label }, index) => (
          <button
            key={each}
            id={`${id}-tab-${each}`}
            type="button"
            role="tab"
            aria-selected={each === tab}
            aria-controls={`${id}-panel`}
            tabIndex={each === tab ? 0 : -1}
            onClick={() => {
              dispatch({ type: 'tab', tab: each });
            }}
            onKeyDown={(event) => {
              onTabKey(event, index);
            }}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`}>
        <form noValidate onSubmit={(event) => void submit(event)}>
          {/* `webauthn`: where the browser supports it, passkeys are offered in this field's autofill. */}
          {field(
            'email',
            'auth.field.email',
            'email',
            tab === 'signUp' ? 'email' : 'username webauthn',
          )}
          {(tab === 'password' || tab === 'signUp') &&
            field(
              'password',
              'auth.field.password',
              'password',
              tab === 'signUp' ? 'new-password' : 'current-password',
              tab === 'signUp' ? t('auth.passwordRules') : undefined,
            )}
          {tab === 'email' &&
            sent?.tab === 'email' &&
            field('code', 'auth.field.code', 'text', 'one-time-code')}
          {error && (
            <p role="alert" className="form-error">
              {t(error)}
            </p>
          )}
          {sentMessage && (
            <p role="status" className="form-status">
              {sentMessage}
            </p>
          )}
          <button type="submit" className="button-primary" aria-disabled={busy}>
            {busy ? t('auth.busy') : t(submitLabel)}
          </button>
        </form>
      </div>
    </>
  );
}
