// PKCE (GoTrue `flow_state`): the challenge is stored when an e-mail is requested; following the link
// issues an auth code; POST /token?grant_type=pkce trades code + verifier for a session.
import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/database.ts';
import { verifyPkce } from './crypto.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import type { ChallengeMethod } from './validate.ts';

const FLOW_STATE_EXPIRY_SECONDS = 300;

export type FlowMethod =
  'email/signup' | 'magiclink' | 'recovery' | 'email_change' | 'invite' | 'oauth' | 'sso/saml';

/** The flow method a verification type belongs to (GoTrue `ParseAuthenticationMethod`). */
export function flowMethodFor(type: string): FlowMethod {
  switch (type) {
    case 'signup':
      return 'email/signup';
    case 'magiclink':
    case 'recovery':
    case 'email_change':
    case 'invite':
      return type;
    default:
      throw badRequest('validation_failed', `unsupported authentication method ${type}`);
  }
}

export async function createFlowState(
  tx: Tx,
  userId: string,
  method: ChallengeMethod,
  challenge: string,
  flowMethod: FlowMethod,
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
        provider_type, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, $2, $3, $4, 'email', now(), now(), $5)`,
    [userId, randomUUID(), method, challenge, flowMethod],
  );
}

/** What an outside sign-in's flow is for: a provider (`keycloak`) or SAML (`sso/saml`). */
export type ExternalFlowMethod = Extract<FlowMethod, 'oauth' | 'sso/saml'>;

/**
 * An outside sign-in's PKCE flow, made before the person leaves for the provider (no user yet):
 * its id travels in the OAuth state or the SAML relay state. `providerType` is GoTrue's column of
 * that name: the provider's name for OAuth, `sso/saml` for SAML.
 */
export async function createExternalFlowState(
  tx: Tx,
  providerType: string,
  flowMethod: ExternalFlowMethod,
  method: ChallengeMethod,
  challenge: string,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.flow_state (id, auth_code, code_challenge_method, code_challenge,
        provider_type, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, $2, $3, $4, now(), now(), $5) returning id`,
    [randomUUID(), method, challenge, providerType, flowMethod],
  );
  return rows[0]?.id ?? '';
}

/** A provider's own tokens, kept on the flow for the code exchange (none for SAML). */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * The person who came back from the provider recorded on their flow, and its auth code issued
 * (GoTrue's callback and ACS alike: `FindFlowStateByIDForUpdate`, then 400 `flow_state_already_used`
 * when the flow already has a user, so one flow never signs two people in). GoTrue's 422
 * `flow_state_not_found` when the flow is gone.
 */
export async function claimFlowState(
  tx: Tx,
  flowStateId: string,
  userId: string,
  tokens: ProviderTokens = { accessToken: '', refreshToken: '' },
): Promise<string> {
  const { rows } = await tx.query<{ auth_code: string; user_id: string | null }>(
    'select auth_code, user_id from auth.flow_state where id = $1 for update',
    [flowStateId],
  );
  const flow = rows[0];
  if (!flow) throw unprocessable('flow_state_not_found', 'Flow state not found');
  if (flow.user_id) throw badRequest('flow_state_already_used', 'State has already been used');
  await tx.query(
    `update auth.flow_state set user_id = $2, provider_access_token = $3,
        provider_refresh_token = $4, auth_code_issued_at = now(), updated_at = now()
     where id = $1`,
    [flowStateId, userId, tokens.accessToken, tokens.refreshToken],
  );
  return flow.auth_code;
}

/** The auth code for the user's latest flow of this kind, marked as issued now. */
export async function issueAuthCode(
  tx: Tx,
  userId: string,
  flowMethod: FlowMethod,
): Promise<string> {
  const { rows } = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                 order by created_at desc limit 1)
     returning auth_code`,
    [userId, flowMethod],
  );
  const code = rows[0]?.auth_code;
  if (!code) throw notFound('flow_state_not_found', 'No associated flow state found');
  return code;
}

export interface ExchangedCode {
  userId: string;
  flowMethod: FlowMethod;
  /** What the provider gave a provider sign-in ('' for e-mail flows). */
  providerAccessToken: string;
  providerRefreshToken: string;
}

export async function exchangeAuthCode(
  tx: Tx,
  authCode: string,
  verifier: string,
): Promise<ExchangedCode> {
  if (!authCode || !verifier) {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const { rows } = await tx.query<{
    id: string;
    user_id: string | null;
    code_challenge: string;
    code_challenge_method: ChallengeMethod;
    authentication_method: FlowMethod;
    provider_access_token: string | null;
    provider_refresh_token: string | null;
    expired: boolean;
  }>(
    `select id, user_id, code_challenge, code_challenge_method, authentication_method,
            provider_access_token, provider_refresh_token,
            coalesce(auth_code_issued_at, created_at) + make_interval(secs => $2) < now() as expired
     from auth.flow_state where auth_code = $1`,
    [authCode, FLOW_STATE_EXPIRY_SECONDS],
  );
  const flow = rows[0];
  if (!flow?.user_id) {
    throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  }
  if (flow.expired) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!verifyPkce(verifier, flow.code_challenge, flow.code_challenge_method)) {
    throw badRequest(
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
  await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
  return {
    userId: flow.user_id,
    flowMethod: flow.authentication_method,
    providerAccessToken: flow.provider_access_token ?? '',
    providerRefreshToken: flow.provider_refresh_token ?? '',
  };
}
