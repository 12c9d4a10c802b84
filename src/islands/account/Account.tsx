// The account page's content for the session's state: loading, the sign-in prompt, or the
// member's sections (MemberAccount.tsx, downloaded with the member's data client when a member's
// session is there: the page's own JavaScript stays small for everyone).
import type { MemberData } from '../shared/client';
import type { Session } from '@supabase/auth-js';
import { useCallback, useState } from 'react';
import { useSession } from '../shared/SessionProvider';
import { useT } from '../shared/strings';
import { useLoaded } from '../shared/use-loaded';
import { SignInPrompt } from './SignInPrompt';
import type { ArticleLinks, LocalePaths } from './strings';

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

export interface MemberProps extends Omit<AccountProps, 'loadData'> {
  db: MemberData;
  session: Session;
  onDeleted: () => void;
}

/** A member's sections, once their code and the client for their tables and storage have loaded. */
function WithMemberData({
  load,
  ...props
}: Omit<MemberProps, 'db'> & { load: AccountProps['loadData'] }) {
  const t = useT();
  const loaded = useLoaded(
    useCallback(() => Promise.all([load(), import('./MemberAccount')]), [load]),
  );
  if (loaded === null) return <p className="meta">{t('account.loading')}</p>;
  const [db, { default: MemberAccount }] = loaded;
  return <MemberAccount {...props} db={db} />;
}
