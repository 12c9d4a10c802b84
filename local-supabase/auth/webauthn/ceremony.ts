// The WebAuthn ceremonies, each check done by @simplewebauthn/server: options to hand the browser,
// and verification of what the authenticator answered (challenge, origin, relying party, signature,
// sign counter). Nothing here is cryptographic code of its own.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { badRequest } from '../errors.ts';
import type { RelyingParty } from './relying-party.ts';

/** A stored credential: what an assertion is checked against. */
export interface StoredCredential {
  /** base64url */
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

export interface NewCredential extends StoredCredential {
  aaguid: string;
  attestationType: string;
  backupEligible: boolean;
  backedUp: boolean;
}

/** The one error code for a response that does not verify (GoTrue's webauthn_verification_failed). */
function failed(): Error {
  return badRequest('webauthn_verification_failed', 'Credential verification failed');
}

export function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string },
  exclude: StoredCredential[],
  selection: { residentKey: 'required' | 'discouraged' },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    // GoTrue's user handle: the user id's text, so a discoverable login names its user.
    userID: new TextEncoder().encode(user.id),
    userName: user.email || user.id,
    userDisplayName: user.email || user.id,
    attestationType: 'none',
    excludeCredentials: exclude.map((credential) => ({
      id: credential.id,
      transports: credential.transports,
    })),
    authenticatorSelection: {
      residentKey: selection.residentKey,
      userVerification: 'preferred',
    },
  });
}

export function authenticationOptions(
  rp: RelyingParty,
  allow: StoredCredential[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allow.map((credential) => ({
      id: credential.id,
      transports: credential.transports,
    })),
    userVerification: 'preferred',
  });
}

export async function verifyRegistration(
  rp: RelyingParty,
  expectedChallenge: string,
  response: unknown,
): Promise<NewCredential> {
  const result = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) throw failed();
  const info = result.registrationInfo;
  return {
    id: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    aaguid: info.aaguid,
    attestationType: info.fmt,
    backupEligible: info.credentialDeviceType === 'multiDevice',
    backedUp: info.credentialBackedUp,
  };
}

/** Checks an assertion against the credential it names; answers the authenticator's new counter. */
export async function verifyAuthentication(
  rp: RelyingParty,
  expectedChallenge: string,
  response: unknown,
  credential: StoredCredential,
): Promise<number> {
  const result = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    credential: {
      id: credential.id,
      publicKey: credential.publicKey as Uint8Array<ArrayBuffer>,
      counter: credential.counter,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) throw failed();
  return result.authenticationInfo.newCounter;
}

/** The credential id an authenticator's response names (base64url), or '' when it names none. */
export function responseCredentialId(response: unknown): string {
  if (typeof response !== 'object' || response === null) return '';
  const id = (response as { id?: unknown }).id;
  return typeof id === 'string' ? id : '';
}

/** The user handle of an assertion, decoded to the user id text it carries. */
export function responseUserHandle(response: unknown): string {
  if (typeof response !== 'object' || response === null) return '';
  const inner = (response as { response?: { userHandle?: unknown } }).response;
  const handle = inner?.userHandle;
  return typeof handle === 'string' ? Buffer.from(handle, 'base64url').toString('utf8') : '';
}
