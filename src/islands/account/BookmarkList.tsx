// The member's bookmarks, each linking to the article in the page's locale (or its fallback page,
// which the page's article list includes), with a button to remove it.
import type { MemberData } from '../shared/client';
import { useEffect, useState } from 'react';
import { useT } from '../shared/strings';
import { ActionMessage } from './ActionMessage';
import { loadBookmarks, removeBookmark, type Bookmark } from './account-api';
import type { ArticleLinks } from './strings';
import { useAction } from './use-action';

interface Props {
  db: MemberData;
  articles: ArticleLinks;
}

export function BookmarkList({ db, articles }: Props) {
  const t = useT();
  const [bookmarks, setBookmarks] = useState<Bookmark[] | null>(null);
  const action = useAction();

  useEffect(() => {
    let current = true;
    void action.run(async () => {
      const result = await loadBookmarks(db);
      if (!result.ok) return result.error;
      if (current) setBookmarks(result.value);
      return null;
    });
    return () => {
      current = false;
    };
  }, [db, action.run]);

  const remove = (key: string) =>
    action.run(async () => {
      const result = await removeBookmark(db, key);
      if (!result.ok) return result.error;
      setBookmarks((list) => list?.filter((bookmark) => bookmark.article_key !== key) ?? null);
      return null;
    });

  if (bookmarks === null) {
    return action.state.status === 'failed' ? <ActionMessage state={action.state} /> : null;
  }
  return (
    <>
      {bookmarks.length === 0 ? (
        <p>{t('account.bookmarks.empty')}</p>
      ) : (
        <ul className="bookmark-list">
          {bookmarks.map(({ article_key: key }) => {
            const article = articles[key];
            const title = article?.title ?? t('account.bookmarks.unavailable');
            return (
              <li key={key}>
                {article ? <a href={article.path}>{article.title}</a> : <span>{title}</span>}{' '}
                <button
                  type="button"
                  aria-label={t('account.bookmarks.remove', { title })}
                  disabled={action.state.status === 'busy'}
                  onClick={() => void remove(key)}
                >
                  {t('account.bookmarks.removeShort')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {action.state.status === 'failed' && <ActionMessage state={action.state} />}
    </>
  );
}
