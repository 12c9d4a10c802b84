// "Continue with …": one button per outside sign-in service the auth server has switched on
// (`/auth/v1/settings`), asked for when the dialog opens.
import { useEffect, useState } from 'react';
import { fetchOAuthProviders } from '../../shared/client';
import { errorKey } from '../../shared/error-keys';
import { useT } from '../../shared/strings';
import { returnUrl, type WayProps } from './way';

const providerNames: Record<string, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  linkedin_oidc: 'LinkedIn',
  x: 'X',
};

export function providerName(provider: string): string {
  return providerNames[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
}

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
      options: { redirectTo: returnUrl(links) },
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
