// Outside sign-in services as the site names and asks them: a display name for each (the provider
// id otherwise, capitalised), and the options every sign-in or linking request carries - the page's
// language for the service's own pages (`ui_locales`, OpenID Connect) and the scopes a provider
// needs beyond GoTrue's own (Keycloak 22 and later serve userinfo only with `openid`).
const providerNames: Record<string, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  linkedin_oidc: 'LinkedIn',
  x: 'X',
};

/**
 * Names the operator gives at build time (`PUBLIC_OAUTH_PROVIDER_NAMES=keycloak=Polyglot ID`): a
 * Keycloak realm is usually known to readers by the organisation's name, not "Keycloak".
 *
 * @example parseProviderNames('keycloak=Polyglot ID, google=Google') // { keycloak: 'Polyglot ID', google: 'Google' }
 */
export function parseProviderNames(text: string | undefined): Record<string, string> {
  const names: Record<string, string> = {};
  for (const entry of (text ?? '').split(',')) {
    const [id = '', ...name] = entry.split('=');
    if (id.trim() && name.join('=').trim()) names[id.trim()] = name.join('=').trim();
  }
  return names;
}

const configuredNames = parseProviderNames(import.meta.env.PUBLIC_OAUTH_PROVIDER_NAMES);

export function providerName(provider: string): string {
  return (
    configuredNames[provider] ??
    providerNames[provider] ??
    provider.charAt(0).toUpperCase() + provider.slice(1)
  );
}

const extraScopes: Record<string, string> = { keycloak: 'openid' };

/** `signInWithOAuth` / `linkIdentity` options for `provider`, returning to `redirectTo`. */
export function providerOptions(provider: string, locale: string, redirectTo: string) {
  const scopes = extraScopes[provider];
  return {
    redirectTo,
    queryParams: { ui_locales: locale },
    ...(scopes ? { scopes } : {}),
  };
}
