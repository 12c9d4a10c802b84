// "Continue with …": one button per outside sign-in service the auth server has switched on
// (`/auth/v1/settings`), asked for when the dialog first opens (once per page, so the buttons do not
// appear late again after Back).
import { useEffect, useState } from 'react';
import { fetchOAuthProviders } from '../../shared/client';
import { errorKey } from '../../shared/error-keys';
import { providerName, providerOptions } from '../../shared/providers';
import { useT } from '../../shared/strings';
import { returnUrl, type WayProps } from './way';

let known: string[] | null = null;
let asked: Promise<string[]> | null = null;

export function ProviderButtons({ auth, links, dispatch }: WayProps) {
  const t = useT();
  const [providers, setProviders] = useState<string[]>(known ?? []);

  useEffect(() => {
    if (known !== null) return;
    // An empty answer (also when unreachable) is asked again on the next opening.
    asked ??= fetchOAuthProviders().then((list) => {
      if (list.length > 0) known = list;
      else asked = null;
      return list;
    });
    void asked.then(setProviders);
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

  return providers.map((provider) => (
    <button key={provider} type="button" onClick={() => void signInWith(provider)}>
      {t('auth.oauth.button', { provider: providerName(provider) })}
    </button>
  ));
}
