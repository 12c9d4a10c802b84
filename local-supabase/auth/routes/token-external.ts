// The `id_token` and `web3` grants, which sign in through an identity provider or a wallet. No
// provider or chain can be switched on here, so each answers as GoTrue does when they are all off
// (supabase/auth internal/api/token_oidc.go and web3.go), after the same input checks.
import type { Context } from 'hono';
import { readBody, stringField } from '../body.ts';
import { badRequest, OAuthError, unprocessable } from '../errors.ts';

/** The issuers GoTrue pins for its built-in OIDC providers (internal/api/provider). */
const ISSUERS: Record<string, string> = {
  apple: 'https://appleid.apple.com',
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  // Azure's issuer is read from the token and Keycloak's from its (here empty) URL setting.
  azure: '',
  keycloak: '',
};

export async function idTokenGrant(c: Context): Promise<Response> {
  const body = await readBody(c);
  const idToken = stringField(body, 'id_token') ?? '';
  const provider = stringField(body, 'provider') ?? '';
  const issuer = stringField(body, 'issuer') ?? '';
  const clientId = stringField(body, 'client_id') ?? '';
  if (!idToken) throw new OAuthError('invalid request', 'id_token required');
  if (!provider && (!clientId || !issuer)) {
    throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  }
  const known =
    provider in ISSUERS
      ? provider
      : Object.keys(ISSUERS).find((name) => ISSUERS[name] !== '' && ISSUERS[name] === issuer);
  if (known === undefined) {
    // No `[auth.external] allowed_id_token_issuers` here: every custom issuer is refused.
    throw badRequest('validation_failed', `Custom OIDC provider "${provider}" not allowed`);
  }
  const shown = known === 'azure' ? issuer : (ISSUERS[known] ?? '');
  throw badRequest('provider_disabled', `Provider (issuer "${shown}") is not enabled`);
}

export function web3Grant(): Promise<Response> {
  // GoTrue refuses before reading the body when no chain (Solana, Ethereum, Kaspa) is enabled.
  throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
}
