// Signed out: what the page is for, and the header's own "Sign in" (one dialog per page). Its
// button may not be hydrated yet: client:session loads it on this click and replays it. While a
// sign-in waits for its second factor, the same button reopens the dialog at that step.
import { openHeaderSignIn } from '../shared/open-sign-in';
import { useT } from '../shared/strings';

export function SignInPrompt({
  deleted,
  pending = false,
}: {
  deleted: boolean;
  pending?: boolean;
}) {
  const t = useT();
  return (
    <div className="account-signed-out">
      {deleted && <p role="status">{t('account.deleted')}</p>}
      <p>{t(pending ? 'auth.mfa.pending.account' : 'account.signedOut')}</p>
      <button type="button" className="button-primary" onClick={openHeaderSignIn}>
        {t(pending ? 'auth.mfa.pending.finish' : 'header.signIn')}
      </button>
    </div>
  );
}
