// A new password (PRODUCT.md §7: at least 8 characters, at most 72 bytes), checked before sending.
import type { GoTrueClient } from '@supabase/auth-js';
import { useState, type SyntheticEvent } from 'react';
import { useT } from '../shared/strings';
import { newPasswordProblem } from '../shared/validation';
import { ActionMessage } from './ActionMessage';
import { changePassword } from './account-api';
import { Field } from './Field';
import { useAction } from './use-action';

export function PasswordForm({ auth }: { auth: GoTrueClient }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const action = useAction();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password);
    if (problem) {
      action.fail(problem);
      return;
    }
    const ok = await action.run(async () => {
      const result = await changePassword(auth, password);
      return result.ok ? null : result.error;
    });
    if (ok) setPassword('');
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Field
        type="password"
        label={t('account.password.new')}
        hint={t('auth.passwordRules')}
        value={password}
        autoComplete="new-password"
        aria-invalid={action.state.status === 'failed'}
        onChange={(event) => {
          setPassword(event.target.value);
          action.edit();
        }}
      />
      <button type="submit" className="button-primary" disabled={action.state.status === 'busy'}>
        {action.state.status === 'busy' ? t('auth.busy') : t('account.password.submit')}
      </button>
      <ActionMessage state={action.state} done="account.password.changed" />
    </form>
  );
}
