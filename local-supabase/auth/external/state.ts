// The `state` GoTrue sends to the provider and reads back at /callback: an HS256 JWT, valid five
// minutes, naming the provider, where to send the browser (`referrer`), the PKCE flow and, for
// manual linking, the member (internal/api/external.go `ExternalProviderClaims`).
import { jwtVerify, SignJWT } from 'jose';
import { badRequest } from '../errors.ts';

export interface ExternalState {
  provider: string;
  referrer: string;
  flowStateId: string;
  linkingTargetId: string;
}

const STATE_SECONDS = 5 * 60;

function secret(jwtSecret: string): Uint8Array {
  return new TextEncoder().encode(jwtSecret);
}

export async function signState(
  state: ExternalState,
  siteUrl: string,
  jwtSecret: string,
): Promise<string> {
  return new SignJWT({
    site_url: siteUrl,
    id: '00000000-0000-0000-0000-000000000000',
    provider: state.provider,
    referrer: state.referrer,
    flow_state_id: state.flowStateId,
    ...(state.linkingTargetId ? { linking_target_id: state.linkingTargetId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(Math.floor(Date.now() / 1000) + STATE_SECONDS)
    .sign(secret(jwtSecret));
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The state's claims; GoTrue's `bad_oauth_state` when it is missing, forged or expired. */
export async function readState(state: string, jwtSecret: string): Promise<ExternalState> {
  if (!state) throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(state, secret(jwtSecret), { algorithms: ['HS256'] }));
  } catch {
    throw badRequest('bad_oauth_state', 'OAuth callback with invalid state');
  }
  const provider = text(payload['provider']);
  if (!provider) {
    throw badRequest('bad_oauth_state', 'OAuth callback with invalid state (missing provider)');
  }
  return {
    provider,
    referrer: text(payload['referrer']),
    flowStateId: text(payload['flow_state_id']),
    linkingTargetId: text(payload['linking_target_id']),
  };
}
