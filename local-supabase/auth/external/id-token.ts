// An ID token from the configured Keycloak realm, verified as GoTrue's `IdTokenGrant` does with
// go-oidc: the realm's discovery document names the issuer and its JWKS (jose checks signature,
// issuer and expiry), then the audience must be the client id and the nonce must match.
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { OAuthError } from '../errors.ts';
import type { ExternalIdentity } from '../identities.ts';
import { keycloakIdentity, type OAuthProvider } from './providers.ts';

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

async function realmKeys(issuer: string) {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const discovery = (await response.json()) as { issuer?: string; jwks_uri?: string };
  if (discovery.issuer !== issuer || !discovery.jwks_uri) {
    throw new Error(`discovery names issuer ${discovery.issuer ?? '(none)'}, expected ${issuer}`);
  }
  let keys = keySets.get(discovery.jwks_uri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
    keySets.set(discovery.jwks_uri, keys);
  }
  return keys;
}

const badToken = () => new OAuthError('invalid request', 'Bad ID token');

export async function verifyIdToken(
  provider: OAuthProvider,
  idToken: string,
  nonce: string,
): Promise<ExternalIdentity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, await realmKeys(provider.issuer), {
      issuer: provider.issuer,
    }));
  } catch {
    throw badToken();
  }
  if (!payload.sub) throw new OAuthError('invalid request', 'Missing sub claim in id_token');
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!provider.clientId || !audiences.includes(provider.clientId)) {
    throw new OAuthError('invalid request', 'Unacceptable audience in id_token');
  }
  const tokenNonce = typeof payload['nonce'] === 'string' ? payload['nonce'] : '';
  if (!provider.skipNonceCheck) {
    if (Boolean(tokenNonce) !== Boolean(nonce)) {
      throw new OAuthError(
        'invalid request',
        'Passed nonce and nonce in id_token should either both exist or not.',
      );
    }
    if (nonce && createHash('sha256').update(nonce).digest('hex') !== tokenNonce) {
      throw new OAuthError('invalid nonce', 'Nonces mismatch');
    }
  }
  return keycloakIdentity(provider.issuer, {
    sub: payload.sub,
    ...(typeof payload['name'] === 'string' ? { name: payload['name'] } : {}),
    ...(typeof payload['email'] === 'string' ? { email: payload['email'] } : {}),
    email_verified: payload['email_verified'] === true,
  });
}
