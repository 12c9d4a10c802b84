// The account page's sections, in the order the page shows them and its in-page list names them.
// A new part of the page is one entry here: an anchor, a heading key and what it draws from the
// member's context. `shown` leaves a section out for accounts it does not apply to.
import type { Session } from '@supabase/auth-js';
import type { GoTrueClient } from '@supabase/auth-js';
import { lazy, Suspense, type ReactNode } from 'react';
import type { MemberData } from '../shared/client';
import type { Profile } from '../shared/profile';
import { useT } from '../shared/strings';
import { AvatarForm } from './AvatarForm';
import { BookmarkList } from './BookmarkList';
import { DeleteAccountForm } from './DeleteAccountForm';
import { EmailForm } from './EmailForm';
import { ExportButton } from './ExportButton';
import { LanguageForm } from './LanguageForm';
import { isSsoAccount, ManagedByOrganisation } from './ManagedByOrganisation';
import { NameForm } from './NameForm';
import { NotificationsForm } from './NotificationsForm';
import { SignOutButtons } from './SignOutButtons';
import type { AccountKey, ArticleLinks, LocalePaths } from './strings';

// Passkeys and second factors: their code loads only when the section is drawn.
const SecuritySection = lazy(() => import('./security/SecuritySection'));
// The sign-in methods (the password first, then the e-mail address and outside services) are
// changed rarely: loaded when the section is drawn, behind the same "Loading…" line the section
// shows first while it asks for the identities (no layout shift).
const SignInMethods = lazy(() =>
  import('./SignInMethods').then(({ SignInMethods }) => ({ default: SignInMethods })),
);

/** What a section loaded on demand shows until its code arrives: its own first line. */
function Loading() {
  const t = useT();
  return <p>{t('account.loading')}</p>;
}

/** Everything a section may draw from: the member, their profile and the page's settings. */
export interface SectionContext {
  db: MemberData;
  auth: GoTrueClient;
  session: Session;
  profile: Profile;
  setProfile: (profile: Profile) => void;
  locale: string;
  articles: ArticleLinks;
  localePaths: LocalePaths;
  /** Where e-mail change links land (`/{l}/auth/confirm/` of this site). */
  confirmUrl: string;
  onDeleted: () => void;
}

export interface AccountSection {
  /** The section's anchor (`/{l}/account/#security`): stable, so links into the page keep working. */
  id: string;
  title: AccountKey;
  render: (context: SectionContext) => ReactNode;
  shown?: (context: SectionContext) => boolean;
}

export const accountSections: AccountSection[] = [
  {
    id: 'profile',
    title: 'account.profile.heading',
    render: ({ db, profile, setProfile, locale, localePaths }) => (
      <>
        <NameForm db={db} profile={profile} onSaved={setProfile} />
        <LanguageForm
          db={db}
          profile={profile}
          locale={locale}
          localePaths={localePaths}
          onSaved={setProfile}
        />
      </>
    ),
  },
  {
    id: 'picture',
    title: 'account.avatar.heading',
    render: ({ db, profile, setProfile }) => (
      <AvatarForm db={db} profile={profile} onSaved={setProfile} />
    ),
  },
  {
    id: 'bookmarks',
    title: 'account.bookmarks.heading',
    render: ({ db, articles, locale }) => (
      <BookmarkList db={db} articles={articles} locale={locale} />
    ),
  },
  {
    id: 'organisation',
    title: 'account.sso.heading',
    render: ({ session }) => <ManagedByOrganisation email={session.user.email ?? ''} />,
    shown: ({ session }) => isSsoAccount(session.user),
  },
  {
    id: 'email',
    title: 'account.email.heading',
    render: ({ auth, session, confirmUrl }) => (
      <EmailForm auth={auth} email={session.user.email ?? ''} confirmUrl={confirmUrl} />
    ),
    // The organisation owns the address and the password of an SSO account.
    shown: ({ session }) => !isSsoAccount(session.user),
  },
  {
    id: 'sign-in-methods',
    title: 'account.identities.heading',
    render: ({ auth, locale, confirmUrl }) => (
      <Suspense fallback={<Loading />}>
        <SignInMethods
          auth={auth}
          locale={locale}
          returnTo={`${confirmUrl}?next=${encodeURIComponent(`${window.location.pathname}#sign-in-methods`)}`}
        />
      </Suspense>
    ),
    // An organisation's account signs in only through its single sign-on ('organisation' says so).
    shown: ({ session }) => !isSsoAccount(session.user),
  },
  {
    id: 'security',
    title: 'account.security.heading',
    render: ({ auth, session, locale }) => (
      <Suspense fallback={null}>
        <SecuritySection auth={auth} session={session} locale={locale} />
      </Suspense>
    ),
  },
  {
    id: 'notifications',
    title: 'account.notifications.heading',
    render: ({ db, session }) => <NotificationsForm db={db} userId={session.user.id} />,
  },
  {
    id: 'sessions',
    title: 'account.sessions.heading',
    render: () => <SignOutButtons />,
  },
  {
    id: 'data',
    title: 'account.data.heading',
    render: ({ db }) => <ExportButton db={db} />,
  },
  {
    id: 'delete',
    title: 'account.delete.heading',
    render: ({ db, session, onDeleted }) => (
      <DeleteAccountForm db={db} userId={session.user.id} onDeleted={onDeleted} />
    ),
  },
];

/** The sections that apply to this member, in page order. */
export function sectionsFor(context: SectionContext): AccountSection[] {
  return accountSections.filter((section) => section.shown?.(context) ?? true);
}
