// The OAuth providers this backend can talk to, as GoTrue's `Provider()` finds them: only Keycloak
// (internal/api/provider/keycloak.go), whose realm is a URL in config.toml; every other name is
// unknown here. A provider that is off is refused with GoTrue's words.
import type { LocalConfig } from '../../config/config.ts';
import { otherOAuthProviders } from '../../config/schema.ts';
import type { ExternalIdentity } from '../identities.ts';

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
}

export interface OAuthProvider {
  name: string;
  /** The realm URL, the issuer of its ID tokens. */
  issuer: string;
  clientId: string;
  skipNonceCheck: boolean;
  /** Where the browser goes to sign in (GoTrue `AuthCodeURL`, extra parameters passed on). */
  authCodeUrl(state: string, extra: URLSearchParams): string;
  exchangeCode(code: string): Promise<ProviderTokens>;
  fetchIdentity(accessToken: string): Promise<ExternalIdentity>;
}

/** Why a provider cannot be used (GoTrue answers `Unsupported provider: <reason>`). */
export class ProviderUnavailable extends Error {}

/** The provider's failure to answer as OAuth says it should (a 500 in GoTrue). */
export class ProviderFailure extends Error {}

interface KeycloakUser {
  sub?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
}

function keycloak(config: LocalConfig, scopes: string, callbackUrl: string): OAuthProvider {
  const settings = config.auth.external.keycloak;
  if (!settings.enabled) throw new ProviderUnavailable('provider is not enabled');
  if (!settings.url) throw new ProviderUnavailable('unable to find URL for the Keycloak provider');
  const host = settings.url.replace(/\/$/, '');
  const redirectUri = settings.redirect_uri || callbackUrl;
  const scope = ['profile', 'email', ...(scopes ? scopes.split(',') : [])].join(' ');
  return {
    name: 'keycloak',
    issuer: host,
    clientId: settings.client_id,
    skipNonceCheck: settings.skip_nonce_check,
    authCodeUrl(state, extra) {
      const url = new URL(`${host}/protocol/openid-connect/auth`);
      const params = new URLSearchParams({
        client_id: settings.client_id,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope,
        state,
      });
      for (const [key, value] of extra) params.set(key, value);
      url.search = params.toString();
      return url.toString();
    },
    async exchangeCode(code) {
      const basic = Buffer.from(
        `${encodeURIComponent(settings.client_id)}:${encodeURIComponent(settings.secret)}`,
      ).toString('base64');
      const response = await fetch(`${host}/protocol/openid-connect/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
        }),
      });
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok || typeof body['access_token'] !== 'string') {
        throw new ProviderFailure(`token endpoint answered ${response.status}`);
      }
      const refresh = body['refresh_token'];
      return {
        accessToken: body['access_token'],
        refreshToken: typeof refresh === 'string' ? refresh : '',
      };
    },
    async fetchIdentity(accessToken) {
      const response = await fetch(`${host}/protocol/openid-connect/userinfo`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (!response.ok) throw new ProviderFailure(`userinfo answered ${response.status}`);
      const user = (await response.json()) as KeycloakUser;
      return keycloakIdentity(host, user);
    },
  };
}

/** GoTrue's Keycloak claims: issuer, subject, name and address, with the deprecated copies. */
export function keycloakIdentity(issuer: string, user: KeycloakUser): ExternalIdentity {
  const sub = user.sub ?? '';
  const email = user.email ?? '';
  const verified = user.email_verified === true;
  const identityData: Record<string, unknown> = {
    iss: issuer,
    sub,
    ...(user.name ? { name: user.name, full_name: user.name } : {}),
    ...(email ? { email } : {}),
    email_verified: verified,
    phone_verified: false,
    provider_id: sub,
  };
  return { provider: 'keycloak', subject: sub, email, emailVerified: verified, identityData };
}

/**
 * The provider named `name`, configured for this request's `scopes` (comma-separated, added to
 * `profile email`). Throws ProviderUnavailable for an unknown or disabled provider.
 */
export function findProvider(
  config: LocalConfig,
  name: string,
  scopes: string,
  callbackUrl: string,
): OAuthProvider {
  const lower = name.toLowerCase();
  if (lower === 'keycloak') return keycloak(config, scopes, callbackUrl);
  // GoTrue's other providers exist but cannot be switched on here: they answer as when they are off.
  if (otherOAuthProviders.includes(lower)) throw new ProviderUnavailable('provider is not enabled');
  throw new ProviderUnavailable(`Provider ${lower} could not be found`);
}

/** Providers `/settings` reports as enabled. */
export function enabledProviders(config: LocalConfig): string[] {
  return config.auth.external.keycloak.enabled ? ['keycloak'] : [];
}
