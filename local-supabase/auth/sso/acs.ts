// The Assertion Consumer Service's work (GoTrue samlacs.go handleSamlAcs): find who sent the response
// (the relay state of our request, or the issuer of an unsolicited one), have node-saml check the
// signature, audience, validity window and InResponseTo and check the recipient (both on the SAML
// thread, response-reader.ts: nothing here reads the client's XML), check that the assertion was
// not used before, then sign the person in as every outside sign-in does (identities.ts: the
// identity `sso:<provider id>` is its own linking domain, so the account is never one that signed up
// by password with the same address, and is an `is_sso_user`).
import type { AuthContext } from '../context.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import {
  completeExternalSignIn,
  type ExternalSignIn,
  type SignInOutcome,
} from '../external-sign-in.ts';
import { signInWithExternalIdentity, type ExternalIdentity } from '../identities.ts';
import type { Tx } from '../../db/database.ts';
import { runTransaction } from '../transaction.ts';
import { assertionEmail, assertionUserId, identityData, mapAttributes } from './assertion.ts';
import { parseIdpMetadata } from './idp-metadata.ts';
import {
  findProviderByEntityId,
  findProviderById,
  isEnabled,
  type SsoProvider,
} from './providers.ts';
import type { ValidAssertion } from './response-worker.ts';
import { CLOCK_SKEW_MS } from './service-provider.ts';

/** GoTrue's GOTRUE_SAML_RELAY_STATE_VALIDITY_PERIOD default. */
const RELAY_STATE_VALIDITY_SECONDS = 120;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AcsInput {
  relayState: string;
  samlResponse: string;
  samlArt: string;
  userAgent: string | undefined;
}

/** The signed-in person's code or session, and where the response asked to send them. */
export interface AcsOutcome {
  outcome: SignInOutcome;
  signIn: ExternalSignIn;
  redirectTo: string;
}

interface Origin {
  provider: SsoProvider;
  redirectTo: string;
  requestIds: string[];
  flowStateId: string | null;
}

const disabled = () =>
  notFound('sso_provider_disabled', 'SSO Provider assigned for this domain is currently disabled');

/** An SP-initiated response: the relay state is ours; it is spent whatever happens next. */
async function originFromRelayState(context: AuthContext, id: string): Promise<Origin> {
  const { rows } = await context.db.query<{
    sso_provider_id: string;
    request_id: string;
    redirect_to: string | null;
    flow_state_id: string | null;
    expired: boolean;
  }>(
    `delete from auth.saml_relay_states where id = $1
     returning sso_provider_id, request_id, redirect_to, flow_state_id,
               created_at + make_interval(secs => $2) <= now() as expired`,
    [id, RELAY_STATE_VALIDITY_SECONDS],
  );
  const state = rows[0];
  if (!state) {
    throw notFound(
      'saml_relay_state_not_found',
      'SAML RelayState does not exist, try logging in again?',
    );
  }
  if (state.expired) {
    throw unprocessable(
      'saml_relay_state_expired',
      'SAML RelayState has expired. Try logging in again?',
    );
  }
  const provider = await findProviderById(context.db, state.sso_provider_id);
  if (!provider) throw notFound('sso_provider_not_found', 'No such SSO provider');
  if (!isEnabled(provider)) throw disabled();
  return {
    provider,
    redirectTo: state.redirect_to ?? '',
    requestIds: [state.request_id],
    flowStateId: state.flow_state_id,
  };
}

/** An IdP-initiated response: the issuer names the provider; RelayState may be where to go. */
async function originFromIssuer(context: AuthContext, input: AcsInput): Promise<Origin> {
  if (input.samlArt) {
    throw badRequest(
      'validation_failed',
      'SAML Artifact response can only be used with SP initiated flow',
    );
  }
  if (!input.samlResponse) throw badRequest('validation_failed', 'SAMLResponse is missing');
  const peeked = await context.samlResponses.issuer(input.samlResponse);
  if ('refused' in peeked) throw badRequest('validation_failed', peeked.refused);
  const issuer = peeked.issuer;
  if (!issuer) {
    throw badRequest('validation_failed', 'SAMLResponse is not a valid XML SAML assertion');
  }
  const provider = await findProviderByEntityId(context.db, issuer);
  if (!provider) {
    throw notFound(
      'saml_idp_not_found',
      'A SAML connection has not been established with this Identity Provider',
    );
  }
  return { provider, redirectTo: input.relayState, requestIds: [], flowStateId: null };
}

async function findOrigin(context: AuthContext, input: AcsInput): Promise<Origin> {
  if (UUID.test(input.relayState)) return originFromRelayState(context, input.relayState);
  if (input.relayState === '' || URL.canParse(input.relayState)) {
    return originFromIssuer(context, input);
  }
  throw badRequest('validation_failed', 'SAML RelayState is not a valid UUID or URL');
}

function invalid(reason: string) {
  return badRequest('validation_failed', `SAML Assertion is not valid: ${reason}`);
}

async function validate(
  context: AuthContext,
  origin: Origin,
  samlResponse: string,
): Promise<ValidAssertion> {
  const result = await context.samlResponses.validate({
    samlResponse,
    apiUrl: context.apiUrl,
    idp: parseIdpMetadata(origin.provider.metadata_xml),
    nameIdFormat: origin.provider.name_id_format,
    requestIds: origin.requestIds,
  });
  if ('refused' in result) throw invalid(result.refused);
  return result.assertion;
}

/**
 * Records the assertion's ID as used, or refuses it as used before. The record lasts as long as
 * node-saml would still accept the assertion (its last NotOnOrAfter plus the clock skew allowed), so
 * "an assertion posted twice signs no one in" holds at every moment; records past that are dropped.
 * The clock is this process's (the one node-saml judges by), not the database's.
 */
async function recordUse(tx: Tx, assertion: ValidAssertion, providerId: string): Promise<void> {
  const keepUntil = new Date(assertion.notOnOrAfter + CLOCK_SKEW_MS);
  const used = await tx.query(
    `insert into auth.saml_used_assertions (assertion_id, sso_provider_id, expires_at)
     values ($1, $2, $3) on conflict (assertion_id) do nothing returning assertion_id`,
    [assertion.id, providerId, keepUntil],
  );
  if (used.rows.length === 0) throw invalid('the assertion was already used');
  await tx.query('delete from auth.saml_used_assertions where expires_at < $1', [new Date()]);
}

export async function consumeResponse(context: AuthContext, input: AcsInput): Promise<AcsOutcome> {
  const origin = await findOrigin(context, input);
  if (!isEnabled(origin.provider)) throw disabled();
  if (!input.samlResponse) throw badRequest('validation_failed', 'SAMLResponse is missing');
  const assertion = await validate(context, origin, input.samlResponse);
  const userId = assertionUserId(assertion);
  if (!userId) {
    throw badRequest(
      'saml_assertion_no_user_id',
      'SAML Assertion did not contain a persistent Subject Identifier attribute or Subject NameID uniquely identifying this user',
    );
  }
  const claims = mapAttributes(assertion, origin.provider.attribute_mapping);
  const mappedEmail = typeof claims['email'] === 'string' ? claims['email'] : '';
  const email = mappedEmail || assertionEmail(assertion);
  if (!email) {
    throw badRequest('saml_assertion_no_email', 'SAML Assertion does not contain an email address');
  }
  const identity: ExternalIdentity = {
    provider: `sso:${origin.provider.id}`,
    subject: userId,
    email,
    emailVerified: true,
    identityData: identityData(origin.provider.entity_id, userId, email, claims),
  };
  const signIn: ExternalSignIn = {
    flowStateId: origin.flowStateId ?? '',
    method: 'sso/saml',
    userAgent: input.userAgent,
  };
  const outcome = await runTransaction(context.db, async (tx) => {
    await recordUse(tx, assertion, origin.provider.id);
    const user = await signInWithExternalIdentity(tx, context.config, identity);
    return completeExternalSignIn(tx, user.id, signIn);
  });
  return { outcome, signIn, redirectTo: origin.redirectTo };
}
