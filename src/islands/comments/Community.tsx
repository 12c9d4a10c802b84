import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { openHeaderSignIn } from '../shared/open-sign-in';
import { signedInSession } from '../shared/session-state';
import { useSession } from '../shared/SessionProvider';
import { useT } from '../shared/strings';
import { CommentItem, type CommentActions } from './CommentItem';
import { CommentForm } from './CommentForm';
import { CommentsContext, type CommentsContextValue } from './context';
import { dropBookmarked, keepBookmarked } from '../../offline/device-copies';
import { loadBookmark, setBookmark } from './data/article-api';
import { subscribeToArticleNews } from './data/article-news';
import { reportComment } from './data/comments-api';
import { ReactionBar } from './ReactionBar';
import { createDrafts } from './state/drafts';
import { threadView } from './state/thread-view';
import { useCommentThread } from './use-comment-thread';
import { useOffline } from './use-offline';
import { useReactions } from './use-reactions';

/** How long live arrivals are gathered before one polite announcement (no flood of messages). */
const announceEvery = 4000;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The signed-in member's id and whether they moderate (their own profile says so). A sign-in that
 * still owes its second factor is no viewer: it sees the thread as a signed-out reader does.
 */
function useViewer(client: SupabaseClient): CommentsContextValue['viewer'] {
  const { state } = useSession();
  const id = signedInSession(state)?.user.id ?? null;
  const [moderator, setModerator] = useState(false);
  useEffect(() => {
    setModerator(false);
    if (id === null) return;
    let current = true;
    void client
      .from('profiles')
      .select('role')
      .eq('id', id)
      .maybeSingle()
      .then(({ data }) => {
        const role = (data as { role?: string } | null)?.role;
        if (current) setModerator(role === 'moderator' || role === 'admin');
      });
    return () => {
      current = false;
    };
  }, [client, id]);
  return useMemo(() => (id === null ? null : { id, moderator }), [id, moderator]);
}

export interface CommunityProps {
  client: SupabaseClient;
  articleKey: string;
  /** The page's locale: the language new comments are tagged with and the filter offers. */
  locale: string;
}

/** Comments, reactions, bookmark and presence of one article; the client is injected. */
export function Community({ client, articleKey, locale }: CommunityProps) {
  const t = useT();
  const headingId = useId();
  const viewer = useViewer(client);
  const pending = useSession().state.status === 'secondFactorPending';
  const viewerId = viewer?.id ?? null;
  const { state, status, loadingMore, actions, news } = useCommentThread(
    client,
    articleKey,
    viewerId,
  );
  const reactions = useReactions(client, articleKey, viewerId);
  const [bookmarked, setBookmarked] = useState<boolean | null>(null);
  const [readers, setReaders] = useState<number | null>(null);
  const [live, setLive] = useState(true);
  const offline = useOffline(live);
  const [announcement, setAnnouncement] = useState('');

  const context = useMemo(
    () => ({ locale, articleKey, viewer, drafts: createDrafts(storage(), articleKey) }),
    [locale, articleKey, viewer],
  );

  // Live news: one subscription while the island is open. `news` changes identity each render,
  // so the handlers read it through a ref-like closure created once per article.
  const [handlers] = useState(() => ({ current: news, counts: reactions.countsArrived }));
  handlers.current = news;
  useEffect(
    () =>
      subscribeToArticleNews(client, articleKey, {
        comment: (comment) => {
          handlers.current.comment(comment);
        },
        commentHidden: (id) => {
          handlers.current.commentHidden(id);
        },
        reactionCounts: (counts) => {
          handlers.counts(counts);
        },
        reconnected: () => void handlers.current.reconnected(),
        readers: setReaders,
        connection: setLive,
      }),
    [client, articleKey, handlers],
  );

  useEffect(() => {
    setBookmarked(null);
    if (viewerId === null) return;
    let current = true;
    void loadBookmark(client, articleKey).then((result) => {
      if (current && result.ok) setBookmarked(result.value);
    });
    return () => {
      current = false;
    };
  }, [client, articleKey, viewerId]);

  // New comments from others, announced politely and at most once every few seconds.
  const { unannounced } = state;
  const { announced } = actions;
  useEffect(() => {
    if (unannounced === 0) return;
    const timer = setTimeout(() => {
      setAnnouncement(t('comments.live.new', { count: unannounced }));
      announced();
    }, announceEvery);
    return () => {
      clearTimeout(timer);
    };
  }, [unannounced, announced, t]);

  const toggleBookmark = useCallback(async () => {
    if (bookmarked === null) return;
    setBookmarked(!bookmarked);
    const result = await setBookmark(client, articleKey, !bookmarked);
    if (!result.ok) setBookmarked(bookmarked);
    // Reading offline: a bookmarked article is kept on this device, in this page's language.
    else if (bookmarked) dropBookmarked(articleKey);
    else keepBookmarked(articleKey, window.location.pathname);
  }, [client, articleKey, bookmarked]);

  const commentActions: CommentActions = {
    reply: (parentId, body) =>
      actions.post({ id: crypto.randomUUID(), parentId, body, language: locale }),
    edit: actions.edit,
    withdraw: actions.withdraw,
    report: async (id, reason, note) => {
      const result = await reportComment(client, id, reason, note);
      return result.ok ? null : result.error;
    },
    moderate: actions.moderate,
  };
  const items = threadView(state);
  const number = new Intl.NumberFormat(locale);
  const pageLanguage = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;

  return (
    <CommentsContext value={context}>
      <section className="community" aria-labelledby={headingId}>
        <ReactionBar
          state={reactions.state}
          onToggle={(kind) => void reactions.toggle(kind)}
          bookmarked={bookmarked}
          onBookmark={() => void toggleBookmark()}
        />
        <div className="community-heading">
          <h2 id={headingId}>{t('comments.heading')}</h2>
          {readers !== null && (
            <p className="meta" data-readers={readers}>
              {t('comments.readingNow', { count: number.format(readers) })}
            </p>
          )}
        </div>
        <p className="visually-hidden" aria-live="polite" role="status">
          {announcement}
        </p>
        {offline ? (
          <p className="meta" role="status">
            {t('comments.offline')}
          </p>
        ) : (
          !live && <p className="meta">{t('comments.live.reconnecting')}</p>
        )}
        {viewer ? (
          <CommentForm
            target={{ kind: 'new' }}
            label={t('comments.form.label')}
            submitLabel={t('comments.form.submit')}
            onSubmit={(body) =>
              actions.post({ id: crypto.randomUUID(), parentId: null, body, language: locale })
            }
          />
        ) : (
          // What was typed in the box is kept as a draft (CommentForm), so it is back once the
          // sign-in is finished.
          <p className="sign-in-prompt">
            {t(pending ? 'auth.mfa.pending.comments' : 'comments.signInPrompt')}{' '}
            <button type="button" className="secondary" onClick={openHeaderSignIn}>
              {t(pending ? 'auth.mfa.pending.finish' : 'comments.signIn')}
            </button>
          </p>
        )}
        <div className="thread-controls">
          <label>
            {t('comments.order.label')}{' '}
            <select
              value={state.order}
              onChange={(event) => {
                actions.setOrder(event.target.value === 'oldest' ? 'oldest' : 'newest');
              }}
            >
              <option value="newest">{t('comments.order.newest')}</option>
              <option value="oldest">{t('comments.order.oldest')}</option>
            </select>
          </label>
          <label>
            {t('comments.filter.label')}{' '}
            <select
              value={state.languageFilter}
              onChange={(event) => {
                actions.setLanguageFilter(event.target.value);
              }}
            >
              <option value="all">{t('comments.filter.all')}</option>
              <option value={locale}>
                {t('comments.filter.page', { language: pageLanguage })}
              </option>
            </select>
          </label>
        </div>
        {status.kind === 'loading' && <p className="meta">{t('comments.loading')}</p>}
        {status.kind === 'failed' && (
          <p role="alert">
            {t('comments.loadFailed')}{' '}
            <button type="button" className="secondary" onClick={() => void actions.retry()}>
              {t('comments.retry')}
            </button>
          </p>
        )}
        {status.kind === 'ready' && items.length === 0 && <p>{t('comments.empty')}</p>}
        <ol className="comment-list">
          {items.map(({ comment, replies }) => (
            <CommentItem key={comment.id} comment={comment} actions={commentActions}>
              {replies.length > 0 && (
                <ol
                  className="comment-replies"
                  aria-label={t('comments.replies', {
                    author: comment.authorName ?? t('comments.deletedAuthor'),
                  })}
                >
                  {replies.map((reply) => (
                    <CommentItem key={reply.id} comment={reply} actions={commentActions} />
                  ))}
                </ol>
              )}
            </CommentItem>
          ))}
        </ol>
        {state.hasMore && (
          <button
            type="button"
            className="secondary"
            disabled={loadingMore}
            onClick={() => void actions.loadMore()}
          >
            {t('comments.loadMore')}
          </button>
        )}
      </section>
    </CommentsContext>
  );
}
