// How a sign-in through someone else ends, the same for an OAuth provider's callback and the SAML
// ACS (GoTrue internal/api/external.go `internalExternalProviderCallback` and samlacs.go
// `handleSamlAcs` end alike): once the person is known, a PKCE flow is claimed for them and the
// browser gets `?code=`, else a session is issued and the browser gets it in the fragment.
import type { Tx } from '../db/database.ts';
import type { AuthContext } from './context.ts';
import { claimFlowState, type ExternalFlowMethod, type ProviderTokens } from './flow-state.ts';
import { codeRedirectUrl, sessionRedirectUrl } from './redirect-params.ts';
import { issueSession, toSessionResponse, type SessionGrant } from './sessions.ts';

/** How the sign-in started and what the provider gave, for its ending. */
export interface ExternalSignIn {
  /** The PKCE flow made when the sign-in started; '' for the implicit flow. */
  flowStateId: string;
  /** The session's `amr` method, and the flow's authentication method. */
  method: ExternalFlowMethod;
  userAgent: string | undefined;
  /** An OAuth provider's own tokens, handed on to the client (SAML has none). */
  providerTokens?: ProviderTokens;
}

export type SignInOutcome =
  { kind: 'code'; code: string } | { kind: 'session'; grant: SessionGrant };

/** In the sign-in's transaction, after the user is found or made: the auth code or a session. */
export async function completeExternalSignIn(
  tx: Tx,
  userId: string,
  signIn: ExternalSignIn,
): Promise<SignInOutcome> {
  if (signIn.flowStateId) {
    const code = await claimFlowState(tx, signIn.flowStateId, userId, signIn.providerTokens);
    return { kind: 'code', code };
  }
  const grant = await issueSession(tx, userId, signIn.method, signIn.userAgent);
  return { kind: 'session', grant };
}

/** Where the browser goes once signed in: `target` with the code, or with the session. */
export async function signedInRedirectUrl(
  context: AuthContext,
  target: string,
  outcome: SignInOutcome,
  signIn: ExternalSignIn,
): Promise<string> {
  if (outcome.kind === 'code') return codeRedirectUrl(target, outcome.code);
  const session = await toSessionResponse(context, outcome.grant);
  const tokens = signIn.providerTokens;
  const extra: Record<string, string> = {};
  if (tokens) extra['provider_token'] = tokens.accessToken;
  // Not every provider gives a refresh token (RFC 6749 section 5.1); GoTrue sends it when there is one.
  if (tokens?.refreshToken) extra['provider_refresh_token'] = tokens.refreshToken;
  return sessionRedirectUrl(target, session, extra);
}
