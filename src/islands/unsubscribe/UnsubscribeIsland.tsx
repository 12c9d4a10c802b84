// The page a reply e-mail's "stop reply e-mails" link opens: it changes nothing until the person
// presses the button (mail scanners open links), then says what happened in the page's language.
import { useState } from 'react';
import type { IslandStrings } from '../../i18n/island-strings';
import { loadRest } from '../shared/client';
import { errorKey, type ErrorKey } from '../shared/error-keys';
import { StringsProvider, translator } from '../shared/strings';
import { unsubscribe } from './unsubscribe-api';
import type { UnsubscribeKey } from './strings';

type State = 'ready' | 'busy' | 'done' | 'invalid' | ErrorKey;

export default function UnsubscribeIsland({ strings }: { strings: IslandStrings<UnsubscribeKey> }) {
  const t = translator(strings);
  const [token] = useState(() =>
    typeof window === 'undefined'
      ? ''
      : (new URLSearchParams(window.location.search).get('token') ?? ''),
  );
  const [state, setState] = useState<State>(token ? 'ready' : 'invalid');

  const press = async () => {
    setState('busy');
    // The client's download failing (offline) is said as the request's failing would be.
    setState(
      await loadRest().then(
        (rest) => unsubscribe(rest, token),
        (error: unknown) => errorKey(error),
      ),
    );
  };

  if (state === 'done') return <p role="status">{t('account.notifications.unsubscribe.done')}</p>;
  if (state === 'invalid') {
    return <p role="alert">{t('account.notifications.unsubscribe.invalid')}</p>;
  }
  return (
    <StringsProvider strings={strings}>
      <p>{t('account.notifications.unsubscribe.explain')}</p>
      <button
        type="button"
        className="button-primary"
        disabled={state === 'busy'}
        onClick={() => void press()}
      >
        {state === 'busy' ? t('auth.busy') : t('account.notifications.unsubscribe.submit')}
      </button>
      {state !== 'ready' && state !== 'busy' && (
        <p role="alert" className="form-error">
          {t(state)}
        </p>
      )}
    </StringsProvider>
  );
}
