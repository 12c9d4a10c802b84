import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useT } from '../shared/strings';
import type { ApiFailure } from './data/results';
import { useCommentsContext } from './context';
import type { DraftTarget } from './state/drafts';
import { errorMessage } from './state/error-message';

/** PRODUCT.md §7: 1–2,000 characters after trimming (the database checks it too). */
const maxLength = 2000;

interface Props {
  target: DraftTarget;
  label: string;
  submitLabel: string;
  /** The text to start from when there is no draft (an edit starts from the comment). */
  initial?: string;
  /** Sends the text; null when it was accepted. */
  onSubmit: (body: string) => Promise<ApiFailure | null>;
  onCancel?: () => void;
}

/**
 * A box for a comment, reply or edit. What is typed is kept as a draft for this article in the
 * browser (it survives reloads, errors and going offline) and forgotten only once the server
 * accepted it. A failed send keeps the text, says why in the reader's language and offers to retry.
 */
export function CommentForm({
  target,
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
}: Props) {
  const t = useT();
  const { drafts, locale } = useCommentsContext();
  const [text, setText] = useState(() => drafts.load(target) || initial);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (target.kind !== 'new') box.current?.focus();
  }, [target.kind]);

  const remaining = maxLength - text.trim().length;
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (sending || text.trim() === '' || remaining < 0) return;
    setSending(true);
    const failure = await onSubmit(text);
    setSending(false);
    setError(failure);
    if (failure === null) {
      drafts.clear(target);
      setText('');
      onCancel?.();
    }
  };
  const message = error ? errorMessage(error, locale) : null;

  return (
    <form className="comment-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-text`}>{label}</label>
      <textarea
        id={`${id}-text`}
        ref={box}
        value={text}
        rows={target.kind === 'new' ? 4 : 3}
        aria-describedby={`${id}-count`}
        aria-invalid={remaining < 0}
        onChange={(event) => {
          setText(event.target.value);
          drafts.save(target, event.target.value);
        }}
      />
      <p id={`${id}-count`} className="meta" aria-live="off">
        {t('comments.form.remaining', { count: remaining })}
      </p>
      {message && (
        <p role="alert" className="form-error">
          {t(message.key, message.values)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" disabled={sending || text.trim() === '' || remaining < 0}>
          {sending ? t('comments.form.sending') : error ? t('comments.form.retry') : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            {t('comments.form.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
