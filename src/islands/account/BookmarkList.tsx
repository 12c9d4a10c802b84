// The member's bookmarks, each linking to the article in the page's locale (or its fallback page,
// which the page's article list includes), with a button to remove it. Those this device keeps to
// read offline are marked, and the reading list (what the device keeps) is linked below.
import type { MemberData } from '../shared/client';
import { useEffect, useState } from 'react';
import { isLocale } from '../../i18n/locales';
import { readingListPath } from '../../lib/paths';
import { dropBookmarked, listDeviceCopies } from '../../offline/device-copies';
import { useT } from '../shared/strings';
import { ActionMessage } from './ActionMessage';
import { loadBookmarks, removeBookmark, type Bookmark } from './account-api';
import type { ArticleLinks } from './strings';
import { useAction } from './use-action';

interface Props {
  db: MemberData;
  articles: ArticleLinks;
  locale: string;
}

export function BookmarkList({ db, articles, locale }: Props) {
  const t = useT();
  const [bookmarks, setBookmarks] = useState<Bookmark[] | null>(null);
  const [onDevice, setOnDevice] = useState<ReadonlySet<string>>(new Set());
  const action = useAction();

  // Which bookmarks this device keeps (the service worker may still be fetching a new one).
  useEffect(() => {
    void listDeviceCopies()
      .then((copies) => {
        if (copies) setOnDevice(new Set(copies.kept.map((copy) => copy.key ?? '')));
      })
      .catch(() => undefined);
  }, [bookmarks]);

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
      dropBookmarked(key);
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
                {onDevice.has(key) && (
                  <span className="meta">({t('account.bookmarks.offline')})</span>
                )}{' '}
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
      {isLocale(locale) && (
        <p>
          <a href={readingListPath(locale)}>{t('account.bookmarks.readingList')}</a>
        </p>
      )}
    </>
  );
}
