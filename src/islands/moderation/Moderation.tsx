import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useState, type SyntheticEvent } from 'react';
import { errorKey } from '../shared/error-keys';
import { SecondFactorForm } from '../shared/second-factor/SecondFactorForm';
import { needsSecondFactor, verifiedFactors } from '../shared/second-factor/assurance';
import { storedSession } from '../shared/session-state';
import { useSession } from '../shared/SessionProvider';
import { useT } from '../shared/strings';
import type { ApiResult } from '../comments/data/results';
import { ModeratedItem } from './ModeratedItem';
import {
  loadHiddenComments,
  loadOpenReports,
  loadOwnRole,
  moderate,
  searchMembers,
  type Member,
  type ModeratedComment,
  type ModerationCall,
} from './moderation-api';
import { groupReports, suspensionEnd, type QueueEntry } from './queue';
import type { ArticleLinks } from './strings';

interface Props {
  client: SupabaseClient;
  locale: string;
  articles: ArticleLinks;
}

/**
 * The moderators' page. The UI offers what the member's role allows; the database functions
 * decide, so a stale page or a crafted request changes nothing it should not.
 */
export function Moderation({ client, locale, articles }: Props) {
  const t = useT();
  const { state: session, auth } = useSession();
  // The page asks for a missing second factor itself (below), so it reads the stored session
  // whatever its level; the database admits staff only at aal2.
  const signedInSession = storedSession(session);
  const userId = signedInSession?.user.id ?? null;
  const [role, setRole] = useState<Member['role'] | null | 'loading'>('loading');
  const [queue, setQueue] = useState<QueueEntry[]>([]);
  const [hidden, setHidden] = useState<ModeratedComment[]>([]);
  // Whether the queue and the hidden comments have been asked for once: until then the loading
  // line stands, not "No reports" that a list would replace (and push the rest of the page down).
  const [loaded, setLoaded] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  useEffect(() => {
    if (userId === null) {
      setRole(null);
      return;
    }
    void loadOwnRole(client, userId).then((result) => {
      setRole(result.ok ? result.value : null);
    });
  }, [client, userId]);

  const staff = role === 'moderator' || role === 'admin';
  // The database admits staff only at aal2: without a factor the page leads to the Security
  // section, at aal1 it asks for the factor before the queue loads.
  const factors = signedInSession ? verifiedFactors(signedInSession) : [];
  const owesFactor = signedInSession !== null && needsSecondFactor(signedInSession);
  const moderator = staff && factors.length > 0 && !owesFactor;
  const refresh = useCallback(async () => {
    const [reports, hiddenComments] = await Promise.all([
      loadOpenReports(client),
      loadHiddenComments(client),
    ]);
    if (reports.ok) setQueue(groupReports(reports.value));
    if (hiddenComments.ok) setHidden(hiddenComments.value);
    setLoaded(true);
  }, [client]);
  useEffect(() => {
    if (moderator) void refresh();
  }, [moderator, refresh]);

  const act = async (call: ModerationCall, success = t('moderation.done')) => {
    const result: ApiResult<null> = await moderate(client, call);
    setNotice(
      result.ok
        ? { text: success, error: false }
        : { text: t(errorKey(result.error)), error: true },
    );
    await refresh();
  };
  const suspend = (userIdToSuspend: string, days: number, author: string) => {
    const until = suspensionEnd(days);
    const when = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(until),
    );
    void act(
      { fn: 'suspend_commenting', args: { user_id: userIdToSuspend, until } },
      t('moderation.suspended', { author, until: when }),
    );
  };

  if (
    session.status === 'loading' ||
    (userId !== null && role === 'loading') ||
    (moderator && !loaded)
  ) {
    return <p className="meta">{t('moderation.loading')}</p>;
  }
  if (userId === null) return <p>{t('moderation.signedOut')}</p>;
  if (!staff) return <p>{t('moderation.notModerator')}</p>;
  if (factors.length === 0) {
    return (
      <p>
        {t('moderation.secondFactor.none')}{' '}
        <a href={`/${locale}/account/#security`}>{t('moderation.secondFactor.link')}</a>
      </p>
    );
  }
  if (owesFactor) {
    return (
      <section aria-labelledby="second-factor-heading" className="moderation-second-factor">
        <h2 id="second-factor-heading">{t('auth.mfa.heading')}</h2>
        <p>{t('auth.mfa.explain')}</p>
        <SecondFactorForm auth={auth} factors={factors} />
      </section>
    );
  }

  const authorOf = (comment: ModeratedComment) =>
    comment.author?.display_name ?? t('comments.deletedAuthor');
  return (
    <div className="moderation">
      <p
        role={notice?.error ? 'alert' : 'status'}
        className={notice?.error ? 'form-error' : 'meta'}
      >
        {notice?.text}
      </p>
      <section aria-labelledby="reports-heading">
        <h2 id="reports-heading">{t('moderation.reports')}</h2>
        {queue.length === 0 ? (
          <p>{t('moderation.noReports')}</p>
        ) : (
          <ol className="moderation-list">
            {queue.map(({ comment, reports }) => (
              <ModeratedItem
                key={comment.id}
                comment={comment}
                articles={articles}
                locale={locale}
                onSuspend={(id, days) => {
                  suspend(id, days, authorOf(comment));
                }}
              >
                <p className="meta">
                  {t('moderation.reportCount', { count: reports.length })} ·{' '}
                  {reports
                    .map((report) =>
                      t('moderation.reportReason', {
                        reason: t(`comments.report.${report.reason as 'spam'}`),
                      }),
                    )
                    .join(' · ')}
                </p>
                {reports.map((report) =>
                  report.note ? (
                    <p key={report.id} className="report-note" dir="auto">
                      {report.note}
                    </p>
                  ) : null,
                )}
                <button
                  type="button"
                  onClick={() =>
                    void act({ fn: 'resolve_report', args: { report_id: reports[0]?.id ?? '' } })
                  }
                >
                  {t('moderation.resolve')}
                </button>
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    void act({ fn: 'dismiss_report', args: { report_id: reports[0]?.id ?? '' } })
                  }
                >
                  {t('moderation.dismiss')}
                </button>
              </ModeratedItem>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="hidden-heading">
        <h2 id="hidden-heading">{t('moderation.hidden')}</h2>
        {hidden.length === 0 ? (
          <p>{t('moderation.noHidden')}</p>
        ) : (
          <ol className="moderation-list">
            {hidden.map((comment) => (
              <ModeratedItem
                key={comment.id}
                comment={comment}
                articles={articles}
                locale={locale}
                onSuspend={(id, days) => {
                  suspend(id, days, authorOf(comment));
                }}
              >
                <button
                  type="button"
                  onClick={() =>
                    void act({ fn: 'restore_comment', args: { comment_id: comment.id } })
                  }
                >
                  {t('moderation.restore')}
                </button>
              </ModeratedItem>
            ))}
          </ol>
        )}
      </section>
      {role === 'admin' && <RoleManager client={client} onAct={act} />}
    </div>
  );
}

/** Admins: find members by name and grant or revoke the moderator role. */
function RoleManager({
  client,
  onAct,
}: {
  client: SupabaseClient;
  onAct: (call: ModerationCall) => Promise<void>;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [members, setMembers] = useState<Member[] | null>(null);
  const search = async (event?: SyntheticEvent) => {
    event?.preventDefault();
    const result = await searchMembers(client, text.trim());
    setMembers(result.ok ? result.value : []);
  };
  return (
    <section aria-labelledby="roles-heading">
      <h2 id="roles-heading">{t('moderation.roles')}</h2>
      <form onSubmit={(event) => void search(event)} className="member-search">
        <label htmlFor="member-search">{t('moderation.memberSearch')}</label>{' '}
        <input
          id="member-search"
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />{' '}
        <button type="submit">{t('moderation.search')}</button>
      </form>
      {members?.length === 0 && <p>{t('moderation.noMembers')}</p>}
      {members && members.length > 0 && (
        <ul className="moderation-list">
          {members.map((member) => (
            <li key={member.id}>
              <span dir="auto">{member.display_name}</span> · {t(`moderation.role.${member.role}`)}{' '}
              {member.role !== 'admin' && (
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    void onAct({
                      fn: 'set_role',
                      args: {
                        user_id: member.id,
                        role: member.role === 'member' ? 'moderator' : 'member',
                      },
                    }).then(() => search())
                  }
                >
                  {t(member.role === 'member' ? 'moderation.grant' : 'moderation.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
