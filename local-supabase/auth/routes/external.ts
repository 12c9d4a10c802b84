// GET /authorize?provider=… and GET|POST /callback: a sign-in through an OAuth provider, as GoTrue's
// internal/api/external.go. /authorize sends the browser to the provider with a signed `state` (and
// stores the PKCE challenge); /callback trades the provider's code for the person's identity, signs
// them in (or links the identity for manual linking) and sends the browser to `redirect_to` with
// `?code=` (PKCE) or the session in the fragment (implicit). Failures go back to `redirect_to` as
// `error`, `error_code` and `error_description`, in the query and the fragment.
import type { Context, Hono } from 'hono';
import { ServiceError } from '../../http/errors.ts';
import type { AppEnv } from '../../http/service.ts';
import type { AuthContext } from '../context.ts';
import { authError, badRequest, OAuthError } from '../errors.ts';
import {
  completeExternalSignIn,
  signedInRedirectUrl,
  type ExternalSignIn,
} from '../external-sign-in.ts';
import {
  findProvider,
  ProviderFailure,
  ProviderUnavailable,
  type OAuthProvider,
} from '../external/providers.ts';
import { readState, signState, type ExternalState } from '../external/state.ts';
import { createExternalFlowState } from '../flow-state.ts';
import { linkExternalIdentity, signInWithExternalIdentity } from '../identities.ts';
import { isRedirectAllowed } from '../redirect.ts';
import { errorParams, sortedParams, withErrorQuery } from '../redirect-params.ts';
import { runTransaction } from '../transaction.ts';
import { validatePkceParams } from '../validate.ts';

export function callbackUrl(context: AuthContext): string {
  return `${context.apiUrl}/auth/v1/callback`;
}

/** The provider, or GoTrue's 400 `Unsupported provider: …`. */
export function requireProvider(context: AuthContext, name: string, scopes = ''): OAuthProvider {
  try {
    return findProvider(context.config, name, scopes, callbackUrl(context));
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    throw badRequest('validation_failed', `Unsupported provider: ${error.message}`);
  }
}

/** GoTrue `GetReferrer`: an allowed `redirect_to`, else an allowed Referer, else the site URL. */
function referrer(c: Context, context: AuthContext): string {
  const { config } = context;
  const requested = c.req.query('redirect_to') ?? '';
  if (isRedirectAllowed(requested, config)) return requested;
  const header = c.req.header('referer') ?? '';
  return isRedirectAllowed(header, config) ? header : config.auth.site_url;
}

/** The provider's sign-in URL for this request (GoTrue `GetExternalProviderRedirectURL`). */
export async function providerRedirectUrl(
  c: Context,
  context: AuthContext,
  linkingTargetId = '',
): Promise<string> {
  const query = new URL(c.req.url).searchParams;
  const name = query.get('provider') ?? '';
  const provider = requireProvider(context, name, query.get('scopes') ?? '');
  const redirectTo = referrer(c, context);
  const challenge = query.get('code_challenge') ?? '';
  const method = validatePkceParams(query.get('code_challenge_method') ?? '', challenge);
  const flowStateId = method
    ? await createExternalFlowState(context.db, name.toLowerCase(), 'oauth', method, challenge)
    : '';
  const state = await signState(
    { provider: name.toLowerCase(), referrer: redirectTo, flowStateId, linkingTargetId },
    context.config.auth.site_url,
    context.keys.jwtSecret,
  );
  // Every other parameter goes on to the provider (redirect_to included, as GoTrue does).
  for (const key of ['scopes', 'provider', 'code_challenge', 'code_challenge_method']) {
    query.delete(key);
  }
  return provider.authCodeUrl(state, query);
}

/** GoTrue `redirectErrors`: the error added to the query and put alone in the fragment. */
function errorRedirect(target: string, error: unknown): string {
  const url = withErrorQuery(target, error);
  url.hash = sortedParams(Object.fromEntries(errorParams(error)));
  return url.toString();
}

async function callbackParams(c: Context): Promise<URLSearchParams> {
  if (c.req.method !== 'POST') return new URL(c.req.url).searchParams;
  const form = await c.req.parseBody();
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (typeof value === 'string') params.set(key, value);
  }
  return params;
}

/** The person behind the provider's code (GoTrue `oAuthCallback`). */
async function identityFromCallback(
  context: AuthContext,
  state: ExternalState,
  params: URLSearchParams,
) {
  const providerError = params.get('error');
  if (providerError) throw new OAuthError(providerError, params.get('error_description') ?? '');
  const code = params.get('code') ?? '';
  if (!code) {
    throw badRequest(
      'bad_oauth_callback',
      'OAuth callback with missing authorization code missing',
    );
  }
  let provider: OAuthProvider;
  try {
    provider = findProvider(context.config, state.provider, '', callbackUrl(context));
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    throw badRequest('oauth_provider_not_supported', `Unsupported provider: ${error.message}`);
  }
  try {
    const tokens = await provider.exchangeCode(code);
    const identity = await provider.fetchIdentity(tokens.accessToken);
    return { tokens, identity };
  } catch (error) {
    if (!(error instanceof ProviderFailure) && !(error instanceof TypeError)) throw error;
    context.log(`provider ${state.provider} failed: ${error.message}`);
    throw authError(500, 'unexpected_failure', 'Error getting user profile from external provider');
  }
}

async function finishCallback(
  c: Context,
  context: AuthContext,
  state: ExternalState,
): Promise<string> {
  const { tokens, identity } = await identityFromCallback(context, state, await callbackParams(c));
  if (!identity.email) {
    throw authError(500, 'unexpected_failure', 'Error getting user email from external provider');
  }
  const signIn: ExternalSignIn = {
    flowStateId: state.flowStateId,
    method: 'oauth',
    userAgent: c.req.header('user-agent'),
    providerTokens: tokens,
  };
  const outcome = await runTransaction(context.db, async (tx) => {
    const user = state.linkingTargetId
      ? await linkExternalIdentity(tx, state.linkingTargetId, identity)
      : await signInWithExternalIdentity(tx, context.config, identity);
    return completeExternalSignIn(tx, user.id, signIn);
  });
  const target = state.referrer || context.config.auth.site_url;
  return signedInRedirectUrl(context, target, outcome, signIn);
}

async function callback(c: Context, context: AuthContext): Promise<Response> {
  const params = await callbackParams(c);
  let state: ExternalState;
  try {
    state = await readState(params.get('state') ?? '', context.keys.jwtSecret);
  } catch (error) {
    // GoTrue `loadFlowState`: with no trustworthy state, back to the site URL (query only, 303).
    const siteUrl = context.config.auth.site_url;
    const url = error instanceof ServiceError ? withErrorQuery(siteUrl, error) : siteUrl;
    return c.redirect(url.toString(), 303);
  }
  const target = state.referrer || context.config.auth.site_url;
  try {
    return c.redirect(await finishCallback(c, context, state), 302);
  } catch (error) {
    if (error instanceof ServiceError && error.status >= 500) {
      context.log(`callback failed: ${error.message}`);
    } else if (!(error instanceof ServiceError) && !(error instanceof OAuthError)) {
      throw error;
    }
    return c.redirect(errorRedirect(target, error), 302);
  }
}

export function addExternalRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  app.get('/authorize', async (c) => c.redirect(await providerRedirectUrl(c, context), 302));
  app.get('/callback', (c) => callback(c, context));
  app.post('/callback', (c) => callback(c, context));
}
