// Account deletion after typing a confirmation word in the page's language. What it removes and
// what becomes of comments is the database's (delete_my_account(), PRODUCT.md §6).
import type { MemberData } from '../shared/client';
import { useState, type SyntheticEvent } from 'react';
import { useSession } from '../shared/SessionProvider';
import { useT } from '../shared/strings';
import { ActionMessage } from './ActionMessage';
import { deleteAccount } from './account-api';
import { confirmsDeletion } from './account-rules';
import { Field } from './Field';
import { useAction } from './use-action';

interface Props {
  db: MemberData;
  userId: string;
  onDeleted: () => void;
}

export function DeleteAccountForm({ db, userId, onDeleted }: Props) {
  const t = useT();
  const { signOut } = useSession();
  const word = t('account.delete.word');
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const action = useAction();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!confirmsDeletion(typed, word)) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    const ok = await action.run(async () => {
      const result = await deleteAccount(db, userId);
      return result.ok ? null : result.error;
    });
    if (!ok) return;
    // Told first: the sign-out that follows unmounts this form.
    onDeleted();
    await signOut('local');
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p>{t('account.delete.explain')}</p>
      <Field
        label={t('account.delete.confirm', { word })}
        value={typed}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={mismatch || action.state.status === 'failed'}
        onChange={(event) => {
          setTyped(event.target.value);
          action.edit();
        }}
      />
      <button type="submit" className="button-danger" disabled={action.state.status === 'busy'}>
        {action.state.status === 'busy' ? t('auth.busy') : t('account.delete.submit')}
      </button>
      {mismatch && (
        <p role="alert" className="form-error">
          {t('account.delete.mismatch', { word })}
        </p>
      )}
      {action.state.status === 'failed' && <ActionMessage state={action.state} />}
    </form>
  );
}
