// Change of e-mail address: Supabase Auth mails confirmation links (to the new address and, with
// double confirmation, to the current one); they land on /{l}/auth/confirm/.
import type { GoTrueClient } from '@supabase/auth-js';
import { useState, type SyntheticEvent } from 'react';
import { useT } from '../shared/strings';
import { emailProblem } from '../shared/validation';
import { ActionMessage } from './ActionMessage';
import { changeEmail } from './account-api';
import { Field } from './Field';
import { useAction } from './use-action';

interface Props {
  auth: GoTrueClient;
  email: string;
  confirmUrl: string;
}

export function EmailForm({ auth, email, confirmUrl }: Props) {
  const t = useT();
  const [wanted, setWanted] = useState('');
  const [sentTo, setSentTo] = useState('');
  const action = useAction();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = emailProblem(wanted);
    if (problem) {
      action.fail(problem);
      return;
    }
    await action.run(async () => {
      const result = await changeEmail(auth, wanted, confirmUrl);
      if (!result.ok) return result.error;
      setSentTo(wanted.trim());
      return null;
    });
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p>{t('account.email.current', { email })}</p>
      <Field
        type="email"
        label={t('account.email.new')}
        value={wanted}
        autoComplete="email"
        aria-invalid={action.state.status === 'failed'}
        onChange={(event) => {
          setWanted(event.target.value);
          action.edit();
        }}
      />
      <button type="submit" className="button-primary" disabled={action.state.status === 'busy'}>
        {action.state.status === 'busy' ? t('auth.busy') : t('account.email.submit')}
      </button>
      <ActionMessage state={action.state} done="account.email.sent" values={{ email: sentTo }} />
    </form>
  );
}
