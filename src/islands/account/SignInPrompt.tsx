// Signed out: what the page is for, and the header's own "Sign in" (one dialog per page). Its
// button may not be hydrated yet: client:session loads it on this click and replays it.
import { openHeaderSignIn } from '../shared/open-sign-in';
import { useT } from '../shared/strings';

export function SignInPrompt({ deleted }: { deleted: boolean }) {
  const t = useT();
  return (
    <div className="account-signed-out">
      {deleted && <p role="status">{t('account.deleted')}</p>}
      <p>{t('account.signedOut')}</p>
      <button type="button" className="button-primary" onClick={openHeaderSignIn}>
        {t('header.signIn')}
      </button>
    </div>
  );
}
