// WebAuthn as a second factor (auth-js `mfa.enroll({ factorType: 'webauthn' })`, `mfa.webauthn.*`),
// as GoTrue's mfa.go: an unverified factor's challenge asks the browser to create a credential, a
// verified one's to sign with it; the credential lives on the factor (web_authn_credential) and every
// check is @simplewebauthn/server's.
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../errors.ts';
import type { UserRow } from '../users.ts';
import {
  authenticationOptions,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
  type StoredCredential,
} from '../webauthn/ceremony.ts';
import type { RelyingParty } from '../webauthn/relying-party.ts';
import type { FactorRow } from './factors.ts';

/** What a WebAuthn factor keeps of its credential (base64url fields, JSON in the jsonb column). */
interface FactorCredential {
  id: string;
  public_key: string;
  sign_count: number;
  transports: string[];
}

export interface WebAuthnSessionData {
  challenge: string;
  type: 'create' | 'request';
}

function storedOf(factor: FactorRow): StoredCredential | null {
  const saved = factor.web_authn_credential as FactorCredential | null;
  if (!saved) return null;
  return {
    id: saved.id,
    publicKey: new Uint8Array(Buffer.from(saved.public_key, 'base64url')),
    counter: saved.sign_count,
    transports: saved.transports,
  };
}

/** The options for the browser and what the challenge keeps to check its answer. */
export async function webauthnChallengeOptions(
  rp: RelyingParty,
  user: UserRow,
  factor: FactorRow,
  factors: FactorRow[],
): Promise<{ session: WebAuthnSessionData; publicKey: unknown }> {
  const stored = storedOf(factor);
  if (factor.status === 'verified' && stored) {
    const options = await authenticationOptions(rp, [stored]);
    return { session: { challenge: options.challenge, type: 'request' }, publicKey: options };
  }
  const others = factors.map(storedOf).filter((credential) => credential !== null);
  const options = await registrationOptions(rp, { id: user.id, email: user.email ?? '' }, others, {
    residentKey: 'discouraged',
  });
  return { session: { challenge: options.challenge, type: 'create' }, publicKey: options };
}

/**
 * Checks the authenticator's answer to a WebAuthn factor's challenge and records the credential (a
 * first verification) or its new sign counter.
 */
export async function verifyWebauthnFactor(
  tx: Tx,
  rp: RelyingParty,
  factor: FactorRow,
  session: WebAuthnSessionData,
  params: Record<string, unknown> | undefined,
): Promise<void> {
  const type = params?.['type'];
  const response = params?.['credential_response'];
  if (!params) throw badRequest('validation_failed', 'WebAuthn config required');
  if (type !== 'create' && type !== 'request') {
    throw badRequest('validation_failed', 'WebAuthn type must be create or request');
  }
  if (typeof response !== 'object' || response === null) {
    throw badRequest('validation_failed', 'credential_response required');
  }
  if (type !== session.type) {
    throw badRequest('validation_failed', `WebAuthn type must be ${session.type}`);
  }
  if (type === 'create') {
    const created = await verifyRegistration(rp, session.challenge, response);
    const saved: FactorCredential = {
      id: created.id,
      public_key: Buffer.from(created.publicKey).toString('base64url'),
      sign_count: created.counter,
      transports: created.transports,
    };
    await tx.query(
      `update auth.mfa_factors set web_authn_credential = $2::jsonb, web_authn_aaguid = $3::uuid,
          updated_at = now() where id = $1`,
      [factor.id, JSON.stringify(saved), created.aaguid],
    );
    return;
  }
  const stored = storedOf(factor);
  if (!stored) throw badRequest('validation_failed', 'WebAuthn type must be create');
  const counter = await verifyAuthentication(rp, session.challenge, response, stored);
  await tx.query(
    `update auth.mfa_factors set web_authn_credential =
        jsonb_set(web_authn_credential, '{sign_count}', to_jsonb($2::bigint)), updated_at = now()
     where id = $1`,
    [factor.id, counter],
  );
}
