// Single sign-on with SAML 2.0 (GoTrue internal/api/sso.go, samlacs.go): POST /sso starts it for a
// domain or provider, GET /sso/saml/metadata describes this service provider, and POST /sso/saml/acs
// receives the identity provider's signed response and signs the person in.
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { ServiceError } from '../../http/errors.ts';
import { booleanField, readBody, stringField } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { isRedirectAllowed } from '../redirect.ts';
import { issueSession, toSessionResponse } from '../sessions.ts';
import { consumeResponse, type AcsOutcome } from '../sso/acs.ts';
import { parseIdpMetadata } from '../sso/idp-metadata.ts';
import { findProviderByDomain, findProviderById, type SsoProvider } from '../sso/providers.ts';
import { createServiceProvider, serviceProviderMetadata } from '../sso/service-provider.ts';
import { validatePkceParams } from '../validate.ts';
import { sortedParams } from '../redirect-params.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findProvider(context: AuthContext, providerId: string, domain: string) {
  if (providerId && domain) {
    throw badRequest('validation_failed', 'Only one of provider_id or domain supported');
  }
  if (!providerId && !domain) {
    throw badRequest('validation_failed', 'A provider_id or domain needs to be provided');
  }
  let provider: SsoProvider | null;
  if (providerId) {
    if (!UUID.test(providerId)) {
      throw badRequest(
        'bad_json',
        'Could not parse request body as JSON: provider_id is not a UUID',
      );
    }
    provider = await findProviderById(context.db, providerId);
    if (!provider) throw notFound('sso_provider_not_found', 'No such SSO provider');
  } else {
    provider = await findProviderByDomain(context.db, domain);
    if (!provider) {
      throw notFound('sso_provider_not_found', 'No SSO provider assigned for this domain');
    }
  }
  return provider;
}

async function startSignOn(c: Context, context: AuthContext): Promise<Response> {
  const body = await readBody(c);
  const method = validatePkceParams(
    stringField(body, 'code_challenge_method'),
    stringField(body, 'code_challenge'),
  );
  const provider = await findProvider(
    context,
    stringField(body, 'provider_id') ?? '',
    stringField(body, 'domain') ?? '',
  );
  const idp = parseIdpMetadata(provider.metadata_xml);
  const requestId = `_${crypto.randomUUID()}`;
  const relayStateId = await context.db.transaction(async (tx) => {
    let flowStateId: string | null = null;
    if (method) {
      const { rows } = await tx.query<{ id: string }>(
        `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
            provider_type, created_at, updated_at, authentication_method)
         values (gen_random_uuid(), null, gen_random_uuid()::text, $1, $2, 'sso/saml', now(), now(),
            'sso/saml')
         returning id`,
        [method, stringField(body, 'code_challenge') ?? ''],
      );
      flowStateId = rows[0]?.id ?? null;
    }
    const { rows } = await tx.query<{ id: string }>(
      `insert into auth.saml_relay_states (id, sso_provider_id, request_id, redirect_to,
          created_at, updated_at, flow_state_id)
       values (gen_random_uuid(), $1, $2, $3, now(), now(), $4) returning id`,
      [provider.id, requestId, stringField(body, 'redirect_to') ?? '', flowStateId],
    );
    return rows[0]?.id ?? '';
  });
  const serviceProvider = createServiceProvider({
    apiUrl: context.apiUrl,
    idp,
    nameIdFormat: provider.name_id_format,
    requestId,
  });
  const url = await serviceProvider.getAuthorizeUrlAsync(relayStateId, undefined, {});
  if (booleanField(body, 'skip_http_redirect') === true) return c.json({ url });
  return c.redirect(url, 303);
}

/** Where the browser goes after the ACS: the session or code, or the site URL with the error. */
async function redirectAfter(context: AuthContext, outcome: AcsOutcome): Promise<string> {
  const redirectTo = isRedirectAllowed(outcome.redirectTo, context.config)
    ? outcome.redirectTo
    : context.config.auth.site_url;
  if (outcome.kind === 'code') {
    const url = new URL(redirectTo);
    url.searchParams.set('code', outcome.code);
    return url.toString();
  }
  const session = await toSessionResponse(context, outcome.grant);
  const fragment = sortedParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
  });
  return `${redirectTo}#${fragment}`;
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
};

async function acs(c: Context, context: AuthContext): Promise<Response> {
  const form = await c.req.parseBody();
  const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
  try {
    const outcome = await consumeResponse(context, {
      relayState: field('RelayState'),
      samlResponse: field('SAMLResponse'),
      samlArt: field('SAMLart'),
      issue: (tx, userId) => issueSession(tx, userId, 'sso/saml', c.req.header('user-agent')),
    });
    return c.redirect(await redirectAfter(context, outcome), 302);
  } catch (error) {
    if (!(error instanceof ServiceError) || error.status >= 500) throw error;
    // GoTrue sends every ACS failure to the site URL with the error in the query.
    context.log(`SAML response refused: ${error.code}: ${error.message}`);
    const url = new URL(context.config.auth.site_url);
    const oauth = OAUTH_ERRORS[error.status];
    if (oauth) url.searchParams.set('error', oauth);
    url.searchParams.set('error_code', error.code);
    url.searchParams.set('error_description', error.message);
    return c.redirect(url.toString(), 303);
  }
}

export function addSsoRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  app.post('/sso', (c) => startSignOn(c, context));
  app.get('/sso/saml/metadata', (c) => {
    const xml = serviceProviderMetadata(context.apiUrl);
    c.header('Content-Type', 'application/xml');
    c.header('Cache-Control', 'public, max-age=600');
    if (c.req.query('download') === 'true') {
      c.header('Content-Disposition', 'attachment; filename="metadata.xml"');
    }
    return c.body(xml);
  });
  app.post('/sso/saml/acs', (c) => acs(c, context));
  app.get('/sso/saml/acs', (c) => acs(c, context));
}
