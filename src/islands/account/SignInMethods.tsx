// The account's sign-in methods as a settings list, one line each with its one action: the
// password first (change it, or set one when the account only ever used a service), the e-mail
// address (links and codes), each linked outside service (remove it; never the last method: the
// server refuses that too, and the reason is shown), and each service the server offers that is
// not linked yet (link it). Passkeys are in the Security section's list.
import type { GoTrueClient, UserIdentity } from '@supabase/auth-js';
import { useEffect, useState } from 'react';
import { fetchOAuthProviders } from '../shared/client';
import { providerName } from '../shared/providers';
import { useT } from '../shared/strings';
import { ActionMessage } from './ActionMessage';
import { linkProvider, loadIdentities, unlinkProvider } from './identity-api';
import { PasswordForm } from './PasswordForm';
import { OpenedForm, SettingLine } from './SettingLine';
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
  const [changingPassword, setChangingPassword] = useState(false);
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

  const emailIdentity = identities.find((identity) => identity.provider === 'email');
  const addressOf = (identity: UserIdentity | undefined) => {
    const address: unknown = identity?.identity_data?.['email'];
    return typeof address === 'string' && address !== '' ? <span dir="ltr">{address}</span> : null;
  };

  return (
    <>
      <p>{t('account.identities.intro')}</p>
      <ul className="settings-list">
        <SettingLine
          title={t('account.password.heading')}
          status={
            emailIdentity
              ? t('account.password.withAddress')
              : t('account.identities.onlyProvider', {
                  provider: services[0] ? providerName(services[0].provider) : '',
                })
          }
          action={
            <button
              type="button"
              aria-expanded={changingPassword}
              onClick={() => {
                setChangingPassword(!changingPassword);
              }}
            >
              {t(emailIdentity ? 'account.password.change' : 'account.password.set')}
            </button>
          }
        >
          {changingPassword && (
            <OpenedForm>
              <PasswordForm auth={auth} />
            </OpenedForm>
          )}
        </SettingLine>
        {emailIdentity && (
          <SettingLine title={t('account.identities.email')} status={addressOf(emailIdentity)} />
        )}
        {services.map((identity) => {
          const name = providerName(identity.provider);
          return (
            <SettingLine
              key={identity.identity_id}
              title={name}
              status={addressOf(identity)}
              action={
                identities.length > 1 ? (
                  <button type="button" disabled={busy} onClick={() => void unlink(identity)}>
                    {t('account.identities.unlink', { provider: name })}
                  </button>
                ) : (
                  <span className="hint">{t('account.identities.lastOne')}</span>
                )
              }
            />
          );
        })}
        {providers
          .filter((provider) => !linked.has(provider))
          .map((provider) => (
            <SettingLine
              key={provider}
              title={providerName(provider)}
              status={t('account.identities.notLinked')}
              action={
                <button type="button" disabled={busy} onClick={() => void link(provider)}>
                  {t('account.identities.link', { provider: providerName(provider) })}
                </button>
              }
            />
          ))}
      </ul>
      <ActionMessage
        state={action.state}
        done="account.identities.removed"
        values={{ provider: removed }}
      />
    </>
  );
}
