// Sign out on this device, or everywhere (every session of the member ends; other devices notice
// at their next request or when their tab comes back into view, see SessionProvider).
import { useSession } from '../shared/SessionProvider';
import { useT } from '../shared/strings';
import { ActionMessage } from './ActionMessage';
import { useAction } from './use-action';

export function SignOutButtons() {
  const t = useT();
  const { signOut } = useSession();
  const action = useAction();
  const busy = action.state.status === 'busy';
  return (
    <div>
      <div className="account-actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => void action.run(() => signOut('local'))}
        >
          {t('account.signOutHere')}
        </button>
        <button
          type="button"
          disabled={busy}
          aria-describedby="sign-out-everywhere-hint"
          onClick={() => void action.run(() => signOut('global'))}
        >
          {t('account.signOutEverywhere')}
        </button>
      </div>
      <p id="sign-out-everywhere-hint" className="field-hint">
        {t('account.signOutEverywhereHint')}
      </p>
      {action.state.status === 'failed' && <ActionMessage state={action.state} />}
    </div>
  );
}
