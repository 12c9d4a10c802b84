// "Continue with …": one button per outside sign-in service the auth server has switched on
// (`/auth/v1/settings`), asked for when the dialog opens.
import { useEffect, useState } from 'react';
import { fetchOAuthProviders } from '../../shared/client';
import { errorKey } from '../../shared/error-keys';
import { providerName, providerOptions } from '../../shared/providers';
import { useT } from '../../shared/strings';
import { returnUrl, type WayProps } from './way';

export function ProviderButtons({ auth, links, dispatch, id }: WayProps) {
  const t = useT();
  const [providers, setProviders] = useState<string[]>([]);

  useEffect(() => {
    void fetchOAuthProviders().then(setProviders);
  }, []);

  async function signInWith(provider: string) {
    dispatch({ type: 'submit' });
    const { error } = await auth.signInWithOAuth({
      provider: provider as never,
      // The service's page opens in the reader's language (ui_locales).
      options: providerOptions(provider, links.locale, returnUrl(links)),
    });
    if (error) dispatch({ type: 'failed', error: errorKey(error) });
  }

  if (providers.length === 0) return null;
  return (
    <section className="oauth" aria-labelledby={`${id}-oauth`}>
      <h3 id={`${id}-oauth`}>{t('auth.oauth.label')}</h3>
      {providers.map((provider) => (
        <button key={provider} type="button" onClick={() => void signInWith(provider)}>
          {t('auth.oauth.button', { provider: providerName(provider) })}
        </button>
      ))}
    </section>
  );
}
