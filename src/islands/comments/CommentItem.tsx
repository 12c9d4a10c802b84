import { useState, type ReactNode } from 'react';
import { useT } from '../shared/strings';
import { CommentForm } from './CommentForm';
import { CommentText } from './CommentText';
import { ConfirmDialog } from './ConfirmDialog';
import { useCommentsContext } from './context';
import type { ReportReason } from './data/comments-api';
import type { ApiFailure } from './data/results';
import { ReportForm } from './ReportForm';
import type { Comment } from './state/comment';

export interface CommentActions {
  reply: (parentId: string, body: string) => Promise<ApiFailure | null>;
  edit: (id: string, body: string) => Promise<ApiFailure | null>;
  withdraw: (id: string) => Promise<ApiFailure | null>;
  report: (id: string, reason: ReportReason, note: string) => Promise<ApiFailure | null>;
  moderate: (id: string, action: 'hide_comment' | 'restore_comment') => Promise<ApiFailure | null>;
}

type Open = 'none' | 'reply' | 'edit' | 'report' | 'confirmDelete';

function languageName(locale: string, language: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

/** One comment (or reply) with the actions this reader may take on it. */
export function CommentItem({
  comment,
  actions,
  children,
}: {
  comment: Comment;
  actions: CommentActions;
  children?: ReactNode;
}) {
  const t = useT();
  const { locale, viewer } = useCommentsContext();
  const [open, setOpen] = useState<Open>('none');
  const close = () => {
    setOpen('none');
  };
  const own = viewer !== null && comment.authorId === viewer.id;
  const live = comment.status !== 'deleted';
  const author = comment.authorName ?? t('comments.deletedAuthor');
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <li className="comment" data-comment-id={comment.id} data-status={comment.status}>
      <article aria-label={author}>
        <header className="comment-meta">
          <span className="comment-author">{author}</span>{' '}
          <time dateTime={comment.createdAt}>{date.format(new Date(comment.createdAt))}</time>{' '}
          <span className="meta">
            {t('comments.writtenIn', { language: languageName(locale, comment.language) })}
          </span>
          {comment.editedAt && <span className="meta"> · {t('comments.edited')}</span>}
        </header>
        {comment.status === 'deleted' ? (
          <p className="comment-text meta">{t('comments.withdrawn')}</p>
        ) : open === 'edit' ? (
          <CommentForm
            target={{ kind: 'edit', commentId: comment.id }}
            label={t('comments.form.editLabel')}
            submitLabel={t('comments.form.save')}
            initial={comment.body}
            onSubmit={(body) => actions.edit(comment.id, body)}
            onCancel={close}
          />
        ) : (
          <CommentText body={comment.body} lang={comment.language} />
        )}
        {comment.status === 'hidden' && <p className="meta">{t('comments.hiddenNotice')}</p>}
        {viewer && live && open !== 'edit' && (
          <div className="comment-actions">
            {comment.parentId === null && comment.status === 'visible' && (
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setOpen('reply');
                }}
              >
                {t('comments.actions.reply')}
              </button>
            )}
            {own && (
              <>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setOpen('edit');
                  }}
                >
                  {t('comments.actions.edit')}
                </button>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setOpen('confirmDelete');
                  }}
                >
                  {t('comments.actions.delete')}
                </button>
              </>
            )}
            {!own && comment.status === 'visible' && (
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setOpen('report');
                }}
              >
                {t('comments.actions.report')}
              </button>
            )}
            {viewer.moderator && (
              <button
                type="button"
                className="link-button"
                onClick={() =>
                  void actions.moderate(
                    comment.id,
                    comment.status === 'hidden' ? 'restore_comment' : 'hide_comment',
                  )
                }
              >
                {comment.status === 'hidden'
                  ? t('comments.actions.restore')
                  : t('comments.actions.hide')}
              </button>
            )}
          </div>
        )}
        {open === 'reply' && (
          <CommentForm
            target={{ kind: 'reply', parentId: comment.id }}
            label={t('comments.form.replyLabel', { author })}
            submitLabel={t('comments.form.reply')}
            onSubmit={(body) => actions.reply(comment.id, body)}
            onCancel={close}
          />
        )}
        {open === 'confirmDelete' && (
          <ConfirmDialog
            message={t('comments.actions.deleteConfirm')}
            confirmLabel={t('comments.actions.delete')}
            cancelLabel={t('comments.form.cancel')}
            onConfirm={() => {
              close();
              void actions.withdraw(comment.id);
            }}
            onCancel={close}
          />
        )}
        {open === 'report' && (
          <ReportForm
            onSubmit={(reason, note) => actions.report(comment.id, reason, note)}
            onClose={close}
          />
        )}
      </article>
      {children}
    </li>
  );
}
