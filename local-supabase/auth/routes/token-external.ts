// The `id_token` and `web3` grants, which sign in through an identity provider or a wallet
// (supabase/auth internal/api/token_oidc.go and web3.go). Of the providers GoTrue verifies ID tokens
// for, Keycloak can be enabled here (its realm's JWKS, see external/id-token.ts); the others answer
// as GoTrue does when they are off, after the same input checks. No chain can be switched on.
import type { Context } from 'hono';
import { readBody, stringField } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { badRequest, OAuthError, unprocessable } from '../errors.ts';
import { verifyIdToken } from '../external/id-token.ts';
import { signInWithExternalIdentity } from '../identities.ts';
import { issueSession, toSessionResponse } from '../sessions.ts';
import { runTransaction } from '../transaction.ts';
import { requireProvider } from './external.ts';

/** The issuers GoTrue pins for its built-in OIDC providers (internal/api/provider). */
const ISSUERS: Record<string, string> = {
  apple: 'https://appleid.apple.com',
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  // Azure's issuer is read from the token and Keycloak's from its URL setting.
  azure: '',
  keycloak: '',
};

function findKnown(context: AuthContext, provider: string, issuer: string): string | undefined {
  if (provider in ISSUERS) return provider;
  const keycloak = context.config.auth.external.keycloak;
  if (keycloak.enabled && keycloak.url && issuer === keycloak.url) return 'keycloak';
  return Object.keys(ISSUERS).find((name) => ISSUERS[name] !== '' && ISSUERS[name] === issuer);
}

export async function idTokenGrant(c: Context, context: AuthContext): Promise<Response> {
  const body = await readBody(c);
  const idToken = stringField(body, 'id_token') ?? '';
  const provider = stringField(body, 'provider') ?? '';
  const issuer = stringField(body, 'issuer') ?? '';
  const clientId = stringField(body, 'client_id') ?? '';
  if (!idToken) throw new OAuthError('invalid request', 'id_token required');
  if (!provider && (!clientId || !issuer)) {
    throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  }
  const known = findKnown(context, provider, issuer);
  if (known === undefined) {
    // No `[auth.external] allowed_id_token_issuers` here: every custom issuer is refused.
    throw badRequest('validation_failed', `Custom OIDC provider "${provider}" not allowed`);
  }
  const keycloak = context.config.auth.external.keycloak;
  if (known !== 'keycloak' || !keycloak.enabled) {
    const shown = known === 'azure' ? issuer : known === 'keycloak' ? keycloak.url : ISSUERS[known];
    throw badRequest('provider_disabled', `Provider (issuer "${shown ?? ''}") is not enabled`);
  }
  const identity = await verifyIdToken(
    requireProvider(context, 'keycloak'),
    idToken,
    stringField(body, 'nonce') ?? '',
  );
  const grant = await runTransaction(context.db, async (tx) => {
    const user = await signInWithExternalIdentity(tx, context.config, identity);
    return issueSession(tx, user.id, 'oauth', c.req.header('user-agent'));
  });
  return c.json(await toSessionResponse(context, grant));
}

export function web3Grant(): Promise<Response> {
  // GoTrue refuses before reading the body when no chain (Solana, Ethereum, Kaspa) is enabled.
  throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
}
