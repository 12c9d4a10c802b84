// The profile picture: chosen, checked (type and size, PRODUCT.md §7) and previewed before upload;
// replaced or removed. The header shows the new picture at once (announceProfileChange).
import { useEffect, useState, type SyntheticEvent } from 'react';
import { avatarUrl, type MemberData } from '../shared/client';
import { announceProfileChange, initialsOf, type Profile } from '../shared/profile';
import { useT } from '../shared/strings';
import { ActionMessage } from './ActionMessage';
import { removeAvatar, uploadAvatar } from './account-api';
import { avatarProblem, avatarTypes } from './account-rules';
import { Field } from './Field';
import { useAction } from './use-action';

interface Props {
  db: MemberData;
  profile: Profile;
  onSaved: (profile: Profile) => void;
}

export function AvatarForm({ db, profile, onSaved }: Props) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const action = useAction();

  useEffect(() => {
    if (file === null) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
    };
  }, [file]);

  const saved = (next: Profile) => {
    onSaved(next);
    announceProfileChange(next);
  };

  const upload = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (file === null) return;
    const ok = await action.run(async () => {
      const result = await uploadAvatar(db, profile.id, file);
      if (!result.ok) return result.error;
      saved(result.value);
      return null;
    });
    if (ok) setFile(null);
  };

  const remove = () =>
    action.run(async () => {
      const result = await removeAvatar(db, profile.id);
      if (!result.ok) return result.error;
      saved(result.value);
      return null;
    });

  const busy = action.state.status === 'busy';
  return (
    <form noValidate onSubmit={(event) => void upload(event)} className="avatar-form">
      <div className="avatar-pictures">
        {profile.avatar_path ? (
          <img
            className="account-avatar"
            src={avatarUrl(profile.avatar_path)}
            alt={t('account.avatar.current')}
            width={96}
            height={96}
          />
        ) : (
          <>
            <span className="account-avatar member-initials" aria-hidden="true">
              {initialsOf(profile.display_name)}
            </span>
            <span className="field-hint">{t('account.avatar.none')}</span>
          </>
        )}
        {preview !== null && (
          <img
            className="account-avatar avatar-preview"
            src={preview}
            alt={t('account.avatar.preview')}
            width={96}
            height={96}
          />
        )}
      </div>
      <Field
        type="file"
        label={t('account.avatar.choose')}
        hint={t('account.avatar.hint')}
        accept={avatarTypes.join(',')}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          const problem = chosen === null ? null : avatarProblem(chosen);
          action.edit();
          if (problem) {
            // The previous choice (if any) stays; the wrong file is never previewed or sent.
            action.fail(problem);
            event.target.value = '';
            return;
          }
          setFile(chosen);
        }}
      />
      <div className="account-actions">
        {file !== null && (
          <button type="submit" className="button-primary" disabled={busy}>
            {busy ? t('auth.busy') : t('account.avatar.upload')}
          </button>
        )}
        {profile.avatar_path !== null && (
          <button type="button" disabled={busy} onClick={() => void remove()}>
            {t('account.avatar.remove')}
          </button>
        )}
      </div>
      <ActionMessage state={action.state} />
    </form>
  );
}
