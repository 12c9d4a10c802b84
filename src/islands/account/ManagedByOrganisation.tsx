// For staff who sign in through their organisation (SAML single sign-on): the account's address and
// password belong to the organisation, so the page says so in place of those forms.
import type { User } from '@supabase/auth-js';
import { useT } from '../shared/strings';

/** An account made by single sign-on (GoTrue marks it `is_sso_user`, provider `sso:<id>`). */
export function isSsoAccount(user: User): boolean {
  const provider = user.app_metadata['provider'];
  return user.is_sso_user === true || (typeof provider === 'string' && provider.startsWith('sso:'));
}

export function ManagedByOrganisation({ email }: { email: string }) {
  const t = useT();
  return (
    <>
      <p>{t('account.sso.managed', { email })}</p>
      <p>{t('account.sso.method')}</p>
    </>
  );
}
