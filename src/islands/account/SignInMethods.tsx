// The account's sign-in methods: its identities (the e-mail address, each outside service), a
// button to link each service the server offers that is not linked yet, and one to remove a
// service (never the last method: the server refuses that too, and the reason is shown). An account
// that only ever used a service is pointed to the Password section to add a password.
import type { GoTrueClient, UserIdentity } from '@supabase/auth-js';
import { useEffect, useState } from 'react';
import { fetchOAuthProviders } from '../shared/client';
import { providerName } from '../shared/providers';
import { useT } from '../shared/strings';
import { ActionMessage } from './ActionMessage';
import { linkProvider, loadIdentities, unlinkProvider } from './identity-api';
import { useAction } from './use-action';

interface Props {
  auth: GoTrueClient;
  locale: string;
  /** Where a linked service returns: the return page, which then opens this section again. */
  returnTo: string;
}

export function SignInMethods({ auth, locale, returnTo }: Props) {
  const t = useT();
  const [identities, setIdentities] = useState<UserIdentity[] | null>(null);
  const [providers, setProviders] = useState<string[]>([]);
  const [removed, setRemoved] = useState('');
  const action = useAction();

  useEffect(() => {
    void loadIdentities(auth).then((result) => {
      if (result.ok) setIdentities(result.value);
      else action.fail(result.error);
    });
    void fetchOAuthProviders().then(setProviders);
  }, [auth]);

  if (identities === null) {
    return (
      <>
        <p>{t('account.loading')}</p>
        <ActionMessage state={action.state} />
      </>
    );
  }
  const linked = new Set(identities.map((identity) => identity.provider));
  const services = identities.filter((identity) => identity.provider !== 'email');
  const busy = action.state.status === 'busy';

  const unlink = async (identity: UserIdentity) => {
    const ok = await action.run(async () => {
      const result = await unlinkProvider(auth, identity);
      return result.ok ? null : result.error;
    });
    if (!ok) return;
    setRemoved(providerName(identity.provider));
    const reloaded = await loadIdentities(auth);
    if (reloaded.ok) setIdentities(reloaded.value);
  };

  const link = (provider: string) =>
    action.run(async () => {
      const result = await linkProvider(auth, provider, locale, returnTo);
      return result.ok ? null : result.error;
    });

  return (
    <>
      <p>{t('account.identities.intro')}</p>
      <ul className="sign-in-methods">
        {identities.map((identity) => {
          const name =
            identity.provider === 'email'
              ? t('account.identities.email')
              : providerName(identity.provider);
          const address: unknown = identity.identity_data?.['email'];
          return (
            <li key={identity.identity_id}>
              <strong>{name}</strong>
              {typeof address === 'string' && address !== '' && (
                <>
                  {' '}
                  <span dir="ltr">{address}</span>
                </>
              )}{' '}
              {identity.provider === 'email' ? null : identities.length > 1 ? (
                <button type="button" disabled={busy} onClick={() => void unlink(identity)}>
                  {t('account.identities.unlink', { provider: name })}
                </button>
              ) : (
                <span className="hint">{t('account.identities.lastOne')}</span>
              )}
            </li>
          );
        })}
      </ul>
      {!linked.has('email') && services[0] && (
        <p>
          {t('account.identities.onlyProvider', { provider: providerName(services[0].provider) })}{' '}
          <a href="#password">{t('account.password.heading')}</a>
        </p>
      )}
      {providers
        .filter((provider) => !linked.has(provider))
        .map((provider) => (
          <button key={provider} type="button" disabled={busy} onClick={() => void link(provider)}>
            {t('account.identities.link', { provider: providerName(provider) })}
          </button>
        ))}
      <ActionMessage
        state={action.state}
        done="account.identities.removed"
        values={{ provider: removed }}
      />
    </>
  );
}
