// Single sign-on with SAML 2.0 (GoTrue internal/api/sso.go, samlacs.go): POST /sso starts it for a
// domain or provider, GET /sso/saml/metadata describes this service provider, and POST /sso/saml/acs
// receives the identity provider's signed response and signs the person in.
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { ServiceError } from '../../http/errors.ts';
import { BodyError, readBodyBytes } from '../../http/json-body.ts';
import { booleanField, readBody, stringField } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { authError, badRequest, notFound } from '../errors.ts';
import { signedInRedirectUrl } from '../external-sign-in.ts';
import { createExternalFlowState } from '../flow-state.ts';
import { isRedirectAllowed } from '../redirect.ts';
import { withErrorQuery } from '../redirect-params.ts';
import { consumeResponse } from '../sso/acs.ts';
import { parseIdpMetadata } from '../sso/idp-metadata.ts';
import { findProviderByDomain, findProviderById, type SsoProvider } from '../sso/providers.ts';
import { createServiceProvider, serviceProviderMetadata } from '../sso/service-provider.ts';
import { validatePkceParams } from '../validate.ts';

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
  const challenge = stringField(body, 'code_challenge') ?? '';
  const method = validatePkceParams(stringField(body, 'code_challenge_method'), challenge);
  const provider = await findProvider(
    context,
    stringField(body, 'provider_id') ?? '',
    stringField(body, 'domain') ?? '',
  );
  const idp = parseIdpMetadata(provider.metadata_xml);
  const requestId = `_${crypto.randomUUID()}`;
  const relayStateId = await context.db.transaction(async (tx) => {
    const flowStateId = method
      ? await createExternalFlowState(tx, 'sso/saml', 'sso/saml', method, challenge)
      : null;
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

/**
 * The most an ACS form may carry. A signed response from Okta, Entra ID or the stand-in is 5–20 KB
 * (base64, a few dozen group names included); the body is refused unread past this.
 */
export const ACS_MAX_BODY_BYTES = 64 * 1024;

async function readAcsForm(c: Context) {
  try {
    await readBodyBytes(c, ACS_MAX_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    throw authError(
      413,
      'request_too_large',
      `The SAML response form is larger than ${ACS_MAX_BODY_BYTES} bytes`,
    );
  }
  // Parsed from the bytes just read (Hono keeps them).
  const form = await c.req.parseBody();
  return (name: string) => (typeof form[name] === 'string' ? form[name] : '');
}

async function acs(c: Context, context: AuthContext): Promise<Response> {
  const { config } = context;
  try {
    const field = await readAcsForm(c);
    const { outcome, signIn, redirectTo } = await consumeResponse(context, {
      relayState: field('RelayState'),
      samlResponse: field('SAMLResponse'),
      samlArt: field('SAMLart'),
      userAgent: c.req.header('user-agent'),
    });
    const target = isRedirectAllowed(redirectTo, config) ? redirectTo : config.auth.site_url;
    return c.redirect(await signedInRedirectUrl(context, target, outcome, signIn), 302);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    // GoTrue sends every ACS failure to the site URL with the error in the query (none in the
    // fragment, unlike the OAuth callback), its own failures (5xx) too.
    context.log(`SAML response refused: ${error.code}: ${error.message}`);
    return c.redirect(withErrorQuery(config.auth.site_url, error).toString(), 303);
  }
}

/** GoTrue's requireSAMLEnabled: with `[auth.saml]` off, every SSO route is one 404. */
export const samlDisabled = () => notFound('saml_provider_disabled', 'SAML 2.0 is disabled');

export function addSsoRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  if (!context.config.auth.saml.enabled) {
    app.all('/sso', () => {
      throw samlDisabled();
    });
    app.all('/sso/*', () => {
      throw samlDisabled();
    });
    return;
  }
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
