import { useId, useState, type ReactNode } from 'react';
import { useT } from '../shared/strings';
import { CommentText } from '../comments/CommentText';
import type { ModeratedComment } from './moderation-api';
import { suspensionDays } from './queue';
import type { ArticleLinks } from './strings';

/** A comment in the queue or the hidden list, with a link to its article and the suspend control. */
export function ModeratedItem({
  comment,
  articles,
  locale,
  onSuspend,
  children,
}: {
  comment: ModeratedComment;
  articles: ArticleLinks;
  locale: string;
  onSuspend: (userId: string, days: number) => void;
  children: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const [days, setDays] = useState<number>(suspensionDays[0]);
  const article = articles[comment.article_key];
  const author = comment.author?.display_name ?? t('comments.deletedAuthor');
  const dayFormat = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'day',
    unitDisplay: 'long',
  });
  return (
    <li className="moderated" data-comment-id={comment.id}>
      <p className="meta">
        {t('moderation.byAuthor', { author })}
        {article && (
          <>
            {' · '}
            <a href={`${article.path}#comments`} lang={undefined}>
              {article.title}
            </a>
          </>
        )}
      </p>
      <CommentText body={comment.body} lang={comment.language} />
      <div className="form-actions">
        {children}
        {comment.author_id && (
          <span className="suspend">
            <label htmlFor={`${id}-days`}>{t('moderation.suspendFor')}</label>{' '}
            <select
              id={`${id}-days`}
              value={days}
              onChange={(event) => {
                setDays(Number(event.target.value));
              }}
            >
              {suspensionDays.map((value) => (
                <option key={value} value={value}>
                  {dayFormat.format(value)}
                </option>
              ))}
            </select>{' '}
            <button
              type="button"
              className="secondary"
              onClick={() => {
                if (comment.author_id) onSuspend(comment.author_id, days);
              }}
            >
              {t('moderation.suspend')}
            </button>
          </span>
        )}
      </div>
    </li>
  );
}
