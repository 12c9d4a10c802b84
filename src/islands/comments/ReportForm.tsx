import { useId, useState, type SyntheticEvent } from 'react';
import { useT } from '../shared/strings';
import type { ApiFailure } from './data/results';
import type { ReportReason } from './data/comments-api';
import { useCommentsContext } from './context';
import { errorMessage } from './state/error-message';

const reasons: ReportReason[] = ['spam', 'abuse', 'off_topic', 'other'];

/** Reporting a comment to the moderators: a reason and an optional note (≤ 500 characters). */
export function ReportForm({
  onSubmit,
  onClose,
}: {
  onSubmit: (reason: ReportReason, note: string) => Promise<ApiFailure | null>;
  onClose: () => void;
}) {
  const t = useT();
  const { locale } = useCommentsContext();
  const id = useId();
  const [reason, setReason] = useState<ReportReason>('spam');
  const [note, setNote] = useState('');
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [error, setError] = useState<ApiFailure | null>(null);

  if (state === 'sent') {
    return (
      <p role="status" className="report-sent">
        {t('comments.report.sent')}{' '}
        <button type="button" className="secondary" onClick={onClose}>
          {t('comments.form.cancel')}
        </button>
      </p>
    );
  }
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setState('sending');
    const failure = await onSubmit(reason, note);
    setError(failure);
    setState(failure ? 'editing' : 'sent');
  };
  const message = error ? errorMessage(error, locale) : null;
  return (
    <form className="report-form" onSubmit={(event) => void submit(event)}>
      <fieldset>
        <legend>{t('comments.report.title')}</legend>
        <label htmlFor={`${id}-reason`}>{t('comments.report.reason')}</label>
        <select
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value as ReportReason);
          }}
        >
          {reasons.map((value) => (
            <option key={value} value={value}>
              {t(`comments.report.${value}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-note`}>{t('comments.report.note')}</label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={500}
          rows={2}
          onChange={(event) => {
            setNote(event.target.value);
          }}
        />
        {message && (
          <p role="alert" className="form-error">
            {t(message.key, message.values)}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" disabled={state === 'sending'}>
            {t('comments.report.submit')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('comments.form.cancel')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
