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

export function providerName(provider: string): string {
  return providerNames[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
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
