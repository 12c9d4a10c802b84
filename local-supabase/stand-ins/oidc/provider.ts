// The OpenID provider itself (oidc-provider), configured as a Keycloak realm: Keycloak's endpoint
// paths under the realm URL, a confidential client for the local auth service, claims from PEOPLE,
// no consent screen (a first-party client), and a sign-in form asked for on every authorization
// request, so that one browser can try several people in turn.
import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { createMemoryAdapter } from './memory-adapter.ts';
import { findPersonBySub } from './people.ts';
import { renderErrorPage } from './pages.ts';

/** Keycloak's paths under `/realms/<realm>` (what GoTrue's Keycloak provider calls). */
export const KEYCLOAK_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  jwks: '/protocol/openid-connect/certs',
  end_session: '/protocol/openid-connect/logout',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
} as const;

export interface ProviderOptions {
  issuer: string;
  /** The realm's path (the issuer's), under which the interaction pages live too. */
  realmPath: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

async function signingKeys() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' }] };
}

/** Grants every scope the client asks for: the site is the realm's own, first-party client. */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const client = oidc.client;
  const session = oidc.session;
  const accountId = session?.accountId;
  if (!client || !session || !accountId) return undefined;
  const grantId = oidc.result?.['consent']?.grantId ?? session.grantIdFor(client.clientId);
  const grant =
    (grantId ? await oidc.provider.Grant.find(grantId) : undefined) ??
    new oidc.provider.Grant({ clientId: client.clientId, accountId });
  grant.addOIDCScope([...oidc.requestParamScopes].join(' '));
  await grant.save();
  return grant;
}

export async function createProvider(options: ProviderOptions): Promise<Provider> {
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code', 'refresh_token'],
      },
    ],
    adapter: createMemoryAdapter(),
    jwks: await signingKeys(),
    // Seconds; stated so that oidc-provider does not warn that its defaults are in use.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 86400,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    routes: KEYCLOAK_ROUTES,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'locale'],
    },
    // The ID token carries the scopes' claims as Keycloak's does (signInWithIdToken reads them there).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx, interaction) => `${options.realmPath}/interaction/${interaction.uid}`,
    },
    loadExistingGrant,
    findAccount: (_ctx, sub) => {
      const person = findPersonBySub(sub);
      if (!person) return undefined;
      return {
        accountId: person.sub,
        claims: () => ({
          sub: person.sub,
          email: person.email,
          email_verified: true,
          name: person.name,
          preferred_username: person.email,
          locale: person.locale,
        }),
      };
    },
    clientBasedCORS: () => false,
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage(
        // No OIDC context when the request failed before oidc-provider recognised it.
        (ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)?.params?.['ui_locales'],
        out.error,
        out.error_description ?? '',
      );
    },
  };
  return new Provider(options.issuer, configuration);
}
