// The Assertion Consumer Service's work (GoTrue samlacs.go handleSamlAcs): find who sent the response
// (the relay state of our request, or the issuer of an unsolicited one), have node-saml check the
// signature, audience, validity window and InResponseTo, check the recipient and that the assertion
// was not used before, then sign the person in as every outside sign-in does (identities.ts: the
// identity `sso:<provider id>` is its own linking domain, so the account is never one that signed up
// by password with the same address, and is an `is_sso_user`).
import type { Profile } from '@node-saml/node-saml';
import type { AuthContext } from '../context.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import {
  completeExternalSignIn,
  type ExternalSignIn,
  type SignInOutcome,
} from '../external-sign-in.ts';
import { signInWithExternalIdentity, type ExternalIdentity } from '../identities.ts';
import { runTransaction } from '../transaction.ts';
import { assertionEmail, assertionUserId, identityData, mapAttributes } from './assertion.ts';
import { parseIdpMetadata } from './idp-metadata.ts';
import {
  findProviderByEntityId,
  findProviderById,
  isEnabled,
  type SsoProvider,
} from './providers.ts';
import { createServiceProvider, serviceProviderUrls } from './service-provider.ts';

/** GoTrue's GOTRUE_SAML_RELAY_STATE_VALIDITY_PERIOD default. */
const RELAY_STATE_VALIDITY_SECONDS = 120;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long a used assertion ID is kept when the assertion names no end of its validity. */
const USED_ASSERTION_FALLBACK_MS = 24 * 3600 * 1000;

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
  const xml = Buffer.from(input.samlResponse, 'base64').toString('utf8');
  const issuer = /<(?:\w+:)?Issuer\b[^>]*>([^<]+)<\/(?:\w+:)?Issuer>/.exec(xml)?.[1]?.trim();
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

interface AssertionNode {
  $?: { ID?: string };
  Subject?: {
    SubjectConfirmation?: { SubjectConfirmationData?: { $?: Record<string, string> }[] }[];
  }[];
  Conditions?: { $?: { NotOnOrAfter?: string } }[];
}

/** The parts of the signed assertion node-saml leaves to its caller: recipient and ID. */
function checkedAssertion(profile: Profile, acsUrl: string): { id: string; expiresAt: Date } {
  const assertion = (profile.getAssertion?.() as { Assertion?: AssertionNode } | undefined)
    ?.Assertion;
  const id = assertion?.$?.ID ?? '';
  if (!id) throw invalid('the assertion has no ID');
  const confirmations = (assertion?.Subject?.[0]?.SubjectConfirmation ?? []).flatMap(
    (confirmation) => confirmation.SubjectConfirmationData ?? [],
  );
  const recipients = confirmations.map((data) => data.$?.['Recipient']).filter(Boolean);
  if (recipients.length === 0 || recipients.some((recipient) => recipient !== acsUrl)) {
    throw invalid(`the assertion's Recipient is not ${acsUrl}`);
  }
  const notOnOrAfter = assertion?.Conditions?.[0]?.$?.NotOnOrAfter;
  const expiresAt = notOnOrAfter
    ? new Date(notOnOrAfter)
    : new Date(Date.now() + USED_ASSERTION_FALLBACK_MS);
  return { id, expiresAt };
}

async function validate(context: AuthContext, origin: Origin, samlResponse: string) {
  const idp = parseIdpMetadata(origin.provider.metadata_xml);
  const serviceProvider = createServiceProvider({
    apiUrl: context.apiUrl,
    idp,
    nameIdFormat: origin.provider.name_id_format,
    requestIds: origin.requestIds,
  });
  try {
    const { profile } = await serviceProvider.validatePostResponseAsync({
      SAMLResponse: samlResponse,
    });
    if (!profile) throw new Error('the response carries no assertion');
    return profile;
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : String(error));
  }
}

export async function consumeResponse(context: AuthContext, input: AcsInput): Promise<AcsOutcome> {
  const origin = await findOrigin(context, input);
  if (!isEnabled(origin.provider)) throw disabled();
  if (!input.samlResponse) throw badRequest('validation_failed', 'SAMLResponse is missing');
  const profile = await validate(context, origin, input.samlResponse);
  const { acsUrl } = serviceProviderUrls(context.apiUrl);
  const assertion = checkedAssertion(profile, acsUrl);
  const userId = assertionUserId(profile);
  if (!userId) {
    throw badRequest(
      'saml_assertion_no_user_id',
      'SAML Assertion did not contain a persistent Subject Identifier attribute or Subject NameID uniquely identifying this user',
    );
  }
  const claims = mapAttributes(profile, origin.provider.attribute_mapping);
  const mappedEmail = typeof claims['email'] === 'string' ? claims['email'] : '';
  const email = mappedEmail || assertionEmail(profile);
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
    const used = await tx.query(
      `insert into auth.saml_used_assertions (assertion_id, sso_provider_id, expires_at)
       values ($1, $2, $3) on conflict (assertion_id) do nothing returning assertion_id`,
      [assertion.id, origin.provider.id, assertion.expiresAt],
    );
    if (used.rows.length === 0) throw invalid('the assertion was already used');
    await tx.query('delete from auth.saml_used_assertions where expires_at < now()');
    const user = await signInWithExternalIdentity(tx, context.config, identity);
    return completeExternalSignIn(tx, user.id, signIn);
  });
  return { outcome, signIn, redirectTo: origin.redirectTo };
}
