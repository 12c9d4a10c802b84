// What an action's form says under its button: the error (announced), or what was done.
import { useT } from '../shared/strings';
import type { ActionState } from './action-state';
import type { AccountKey } from './strings';

interface Props {
  state: ActionState;
  /** The message after success; `values` fill its variables. */
  done?: AccountKey;
  values?: Record<string, string>;
}

export function ActionMessage({ state, done = 'account.saved', values }: Props) {
  const t = useT();
  return (
    <>
      {state.status === 'failed' && (
        <p role="alert" className="form-error">
          {t(state.error)}
        </p>
      )}
      <p role="status" className="form-status">
        {state.status === 'done' ? t(done, values) : ''}
      </p>
    </>
  );
}
