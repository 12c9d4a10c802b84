// The account page's content for the session's state: loading, the sign-in prompt, or the
// member's sections.
import type { MemberData } from '../shared/client';
import type { Session } from '@supabase/auth-js';
import { useEffect, useState } from 'react';
import type { Profile } from '../shared/profile';
import { useSession } from '../shared/SessionProvider';
import { useT } from '../shared/strings';
import { useLoaded } from '../shared/use-loaded';
import { AccountNav } from './AccountNav';
import { ActionMessage } from './ActionMessage';
import { loadProfile } from './account-api';
import { Section } from './Section';
import { sectionsFor } from './sections';
import { SignInPrompt } from './SignInPrompt';
import type { ArticleLinks, LocalePaths } from './strings';
import { useAction } from './use-action';

export interface AccountProps {
  /**
   * Loads tables and storage for a member (getMemberData(): storage-js on demand). Only a signed-in
   * member waits for it: a signed-out visitor's prompt is drawn as soon as the session is read.
   */
  loadData: () => Promise<MemberData>;
  locale: string;
  articles: ArticleLinks;
  localePaths: LocalePaths;
  /** Where e-mail change links land (`/{l}/auth/confirm/` of this site). */
  confirmUrl: string;
}

export function Account({ loadData, ...props }: AccountProps) {
  const t = useT();
  const { state } = useSession();
  const [deleted, setDeleted] = useState(false);
  if (state.status === 'loading') return <p className="meta">{t('account.loading')}</p>;
  if (state.status === 'signedOut') return <SignInPrompt deleted={deleted} />;
  // A sign-in that still owes its second factor shows nothing of the account (session-state.ts).
  if (state.status === 'secondFactorPending') return <SignInPrompt deleted={false} pending />;
  return (
    <WithMemberData
      key={state.session.user.id}
      load={loadData}
      {...props}
      session={state.session}
      onDeleted={() => {
        setDeleted(true);
      }}
    />
  );
}

interface MemberProps extends Omit<AccountProps, 'loadData'> {
  db: MemberData;
  session: Session;
  onDeleted: () => void;
}

/** A member's sections, once the client for their tables and storage has loaded. */
function WithMemberData({
  load,
  ...props
}: Omit<MemberProps, 'db'> & { load: AccountProps['loadData'] }) {
  const t = useT();
  const db = useLoaded(load);
  if (db === null) return <p className="meta">{t('account.loading')}</p>;
  return <MemberAccount {...props} db={db} />;
}

function MemberAccount({
  db,
  locale,
  articles,
  localePaths,
  confirmUrl,
  session,
  onDeleted,
}: MemberProps) {
  const t = useT();
  const { auth } = useSession();
  const userId = session.user.id;
  const [profile, setProfile] = useState<Profile | null>(null);
  const loading = useAction();

  useEffect(() => {
    let current = true;
    void loading.run(async () => {
      const result = await loadProfile(db, userId);
      if (!result.ok) return result.error;
      if (current) setProfile(result.value);
      return null;
    });
    return () => {
      current = false;
    };
  }, [db, userId, loading.run]);

  if (profile === null) {
    return loading.state.status === 'failed' ? (
      <ActionMessage state={loading.state} />
    ) : (
      <p className="meta">{t('account.loading')}</p>
    );
  }
  const context = {
    db,
    auth,
    session,
    profile,
    setProfile,
    locale,
    articles,
    localePaths,
    confirmUrl,
    onDeleted,
  };
  const sections = sectionsFor(context);
  return (
    <div className="account">
      <AccountNav sections={sections} />
      <div className="account-sections">
        {sections.map((section) => (
          <Section key={section.id} id={section.id} title={t(section.title)}>
            {section.render(context)}
          </Section>
        ))}
      </div>
    </div>
  );
}
