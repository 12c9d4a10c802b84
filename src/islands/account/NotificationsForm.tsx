// "Notifications": the switch for reply e-mails. It saves as soon as it is flipped; on a failure it
// returns to what is stored and says why. The e-mails' unsubscribe link flips the same setting.
import { useEffect, useId, useState } from 'react';
import type { MemberData } from '../shared/client';
import { useT } from '../shared/strings';
import { ActionMessage } from './ActionMessage';
import { loadReplyEmails, saveReplyEmails } from './notifications-api';
import { useAction } from './use-action';

export function NotificationsForm({ db, userId }: { db: MemberData; userId: string }) {
  const t = useT();
  const id = useId();
  const [on, setOn] = useState<boolean | null>(null);
  const action = useAction();
  const { fail } = action;

  useEffect(() => {
    let current = true;
    void loadReplyEmails(db, userId).then((result) => {
      if (!current) return;
      if (result.ok) setOn(result.value);
      else fail(result.error);
    });
    return () => {
      current = false;
    };
  }, [db, userId, fail]);

  const flip = async (wanted: boolean) => {
    const before = on;
    setOn(wanted);
    const saved = await action.run(async () => {
      const result = await saveReplyEmails(db, userId, wanted);
      return result.ok ? null : result.error;
    });
    if (!saved) setOn(before);
  };

  return (
    <div>
      <p className="field-check">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on ?? false}
          disabled={on === null || action.state.status === 'busy'}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void flip(event.target.checked)}
        />{' '}
        <label htmlFor={id}>{t('account.notifications.replies')}</label>
      </p>
      <small id={`${id}-hint`} className="field-hint">
        {t('account.notifications.hint')}
      </small>
      <ActionMessage state={action.state} />
    </div>
  );
}
