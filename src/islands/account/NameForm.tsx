// The display name (PRODUCT.md §7: 1–40 characters after trimming, no control characters).
import type { MemberData } from '../shared/client';
import { useState, type SyntheticEvent } from 'react';
import { announceProfileChange, type Profile } from '../shared/profile';
import { useT } from '../shared/strings';
import { ActionMessage } from './ActionMessage';
import { saveProfile } from './account-api';
import { displayNameProblem, trimDisplayName } from './account-rules';
import { Field } from './Field';
import { useAction } from './use-action';

interface Props {
  db: MemberData;
  profile: Profile;
  onSaved: (profile: Profile) => void;
}

export function NameForm({ db, profile, onSaved }: Props) {
  const t = useT();
  const [name, setName] = useState(profile.display_name);
  const action = useAction();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = displayNameProblem(name);
    if (problem) {
      action.fail(problem);
      return;
    }
    await action.run(async () => {
      const saved = await saveProfile(db, profile.id, { display_name: trimDisplayName(name) });
      if (!saved.ok) return saved.error;
      onSaved(saved.value);
      announceProfileChange(saved.value);
      return null;
    });
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Field
        label={t('account.displayName')}
        hint={t('account.displayNameHint')}
        value={name}
        autoComplete="nickname"
        aria-invalid={action.state.status === 'failed'}
        onChange={(event) => {
          setName(event.target.value);
          action.edit();
        }}
      />
      <button type="submit" className="button-primary" disabled={action.state.status === 'busy'}>
        {action.state.status === 'busy' ? t('auth.busy') : t('account.profile.save')}
      </button>
      <ActionMessage state={action.state} />
    </form>
  );
}
