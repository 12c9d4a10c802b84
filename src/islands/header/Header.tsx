// The header island's content: "Sign in" (and its dialog) when signed out, the account menu when
// signed in, "Finish signing in" and "Sign out" while a sign-in waits for its second factor, and a
// notice when a session ended on its own.
import type { GoTrueClient } from '@supabase/auth-js';
import type { PostgrestClient } from '@supabase/postgrest-js';
import { useEffect, useReducer, useRef, useState } from 'react';
import type { Locale } from '../../i18n/locales';
import { adoptPageLocale, takeFreshSignIn } from '../shared/fresh-sign-in';
import { useProfile } from '../shared/profile';
import { HYDRATED_EVENT } from '../shared/session-directive';
import { useSession } from '../shared/SessionProvider';
import { useT } from '../shared/strings';
import { AccountMenu } from './AccountMenu';
import { LocaleOffer } from './LocaleOffer';
import type { Links } from './auth-actions';
import { dialogReducer, initialDialogState } from './dialog-state';
import type { LoadedDialog } from './LazySignInDialog';

export interface HeaderPaths {
  account: string;
  /** The articles this device keeps for reading offline. */
  readingList: string;
  moderation: string;
  confirm: string;
  resetPassword: string;
  /** This page in each locale, where the member's preferred language takes them. */
  locales: Readonly<Record<string, string>>;
}

interface Props {
  auth: GoTrueClient;
  /** The REST client, downloaded on the first read (shared/client.ts). */
  loadRest: () => Promise<PostgrestClient>;
  locale: Locale;
  paths: HeaderPaths;
}

export function Header({ auth, loadRest, locale, paths }: Props) {
  const t = useT();
  const { state, dismissNotice, signOut } = useSession();
  const [dialogOpen, setDialogOpen] = useState(false);
  // The dialog's code and strings load on the first press of "Sign in" (members who are signed in
  // never need them); once there it stays mounted, so closing and reopening keeps what was typed.
  const [loaded, setLoaded] = useState<LoadedDialog | null>(null);
  const [dialog, dispatch] = useReducer(dialogReducer, initialDialogState);
  const trigger = useRef<HTMLButtonElement>(null);
  // Signed in with a password or e-mail code on an account with a second factor: not yet signed in
  // for the reader, the dialog asks for the factor first (shared/session-state.ts).
  const pending = state.status === 'secondFactorPending' ? state.session : null;
  const signedIn = state.status === 'signedIn';
  const userId = signedIn ? state.session.user.id : null;
  const profile = useProfile(loadRest, userId);
  // Signed in after this page showed "Sign in" (not a session restored on load or by another tab's
  // storage event hydrating the island): then the preferred language is applied at once.
  const [freshSignIn, setFreshSignIn] = useState(false);
  const previousStatus = useRef(state.status);

  // Tells client:session that this island is hydrated, so a "Sign in" press made before it was is
  // replayed now (shared/session-directive.ts). Signed out, the button is what was pressed.
  useEffect(() => {
    trigger.current?.dispatchEvent(new Event(HYDRATED_EVENT, { bubbles: true }));
  }, []);

  useEffect(() => {
    if (state.status === 'signedIn') setDialogOpen(false);
    // The link and provider return page moves on by itself; the next page applies the language.
    const onReturnPage = window.location.pathname === paths.confirm;
    // Finishing the second factor completes a sign-in, also one whose first step was on another
    // page: the member's language applies at once, as after a password alone.
    const before = previousStatus.current;
    previousStatus.current = state.status;
    if (state.status === 'secondFactorPending' && before === 'loading' && !onReturnPage) {
      // Just back from an e-mail link or an outside provider on an account with a second factor:
      // the dialog asks for it at once, as after a password in the dialog.
      if (takeFreshSignIn()) trigger.current?.click();
      return;
    }
    if (state.status !== 'signedIn') return;
    if ((before === 'signedOut' || before === 'secondFactorPending') && !onReturnPage) {
      setFreshSignIn(true);
    } else if (before === 'loading') {
      if (!takeFreshSignIn()) {
        // A session restored on load: the language is only offered.
      } else if (typeof state.session.user.user_metadata['locale'] !== 'string') {
        // No language chosen yet: the page's becomes theirs, so there is nothing to switch to.
        const { id } = state.session.user;
        void loadRest().then((rest) => adoptPageLocale(rest, id, locale));
      } else {
        setFreshSignIn(true);
      }
    }
  }, [state, paths.confirm, loadRest, locale]);

  const openDialog = () => {
    setDialogOpen(true);
    // If the download fails (offline), nothing opens and the next press tries again.
    if (loaded === null) {
      import('./LazySignInDialog')
        .then(({ loadSignInDialog }) => loadSignInDialog(locale))
        .then(setLoaded, () => {
          setDialogOpen(false);
        });
    }
  };
  // A session that owes its second factor keeps the dialog open at that step (it was open for the
  // password or code); closed, or found on loading a page, the header offers to finish or leave.

  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const links: Links = {
    confirmUrl: `${origin}${paths.confirm}`,
    resetUrl: `${origin}${paths.resetPassword}`,
    locale,
  };

  if (signedIn) {
    return (
      <>
        <AccountMenu
          profile={profile}
          email={state.session.user.email ?? ''}
          accountPath={paths.account}
          readingListPath={paths.readingList}
          moderationPath={paths.moderation}
        />
        <LocaleOffer
          profile={profile}
          locale={locale}
          localePaths={paths.locales}
          freshSignIn={freshSignIn}
        />
      </>
    );
  }
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="sign-in-button"
        aria-haspopup="dialog"
        // Other islands open this dialog by clicking this button (the comment box's "Sign in", or
        // "Finish signing in", which opens it at the second step).
        data-sign-in
        onClick={openDialog}
      >
        {t(pending ? 'auth.mfa.pending.finish' : 'header.signIn')}
      </button>
      {pending && (
        <button type="button" className="button-link" onClick={() => void signOut('local')}>
          {t('header.signOut')}
        </button>
      )}
      {state.status === 'signedOut' && state.ended && (
        <p role="status" className="session-notice">
          {t('header.sessionEnded')}{' '}
          <button type="button" onClick={dismissNotice}>
            {t('header.dismiss')}
          </button>
        </p>
      )}
      {loaded && (
        <loaded.Dialog
          strings={loaded.strings}
          open={dialogOpen}
          auth={auth}
          links={links}
          state={dialog}
          dispatch={dispatch}
          pendingSession={pending}
          onClose={() => {
            setDialogOpen(false);
            trigger.current?.focus();
          }}
        />
      )}
    </>
  );
}
