// A software WebAuthn authenticator for Node tests: what a browser and a security key or passkey
// provider would answer to `navigator.credentials.create()` and `.get()`, built as the WebAuthn spec
// lays the bytes out: P-256 keys and signatures from node:crypto, CBOR from @simplewebauthn's helper,
// "none" attestation, discoverable credentials with the user handle the relying party gave.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicKeyCose: Uint8Array;
  rpId: string;
  userHandle: Buffer;
  signCount: number;
}

/** Binary fields as the options JSON has them (base64url) or as auth-js decodes them for a browser. */
type Binary = string | ArrayBuffer | Uint8Array;

interface CreationOptions {
  challenge: Binary;
  rp: { id?: string };
  user: { id: Binary };
}
interface RequestOptions {
  challenge: Binary;
  rpId?: string;
  allowCredentials?: { id: Binary }[];
}

function base64url(value: Binary): string {
  if (typeof value === 'string') return value;
  return Buffer.from(value instanceof ArrayBuffer ? new Uint8Array(value) : value).toString(
    'base64url',
  );
}

/** A credential answer with `toJSON()`, which auth-js's serializers use as a browser's own. */
export interface CredentialAnswer {
  id: string;
  toJSON(): Record<string, unknown>;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
}

function counterBytes(count: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(count);
  return bytes;
}

function answer(id: Buffer, json: Record<string, unknown>): CredentialAnswer {
  const text = id.toString('base64url');
  return { id: text, toJSON: () => ({ id: text, rawId: text, type: 'public-key', ...json }) };
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  /** The page the ceremony runs on (clientDataJSON.origin). */
  private readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  private clientData(type: string, challenge: Binary): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: base64url(challenge),
        origin: this.origin,
        crossOrigin: false,
      }),
    );
  }

  /** navigator.credentials.create(): a new key pair bound to the relying party and user. */
  create(options: CreationOptions): CredentialAnswer {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: Credential = {
      id: randomBytes(16),
      privateKey,
      publicKeyCose: coseKey(publicKey),
      rpId,
      userHandle: Buffer.from(base64url(options.user.id), 'base64url'),
      signCount: 0,
    };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      Buffer.from(credential.publicKeyCose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return answer(credential.id, {
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }

  /** navigator.credentials.get(): a signature by one of the allowed (or any discoverable) keys. */
  get(options: RequestOptions, pick?: (credential: Credential) => boolean): CredentialAnswer {
    const allowed = options.allowCredentials?.map((entry) => base64url(entry.id)) ?? [];
    const credential = this.credentials.find(
      (candidate) =>
        (allowed.length === 0 || allowed.includes(candidate.id.toString('base64url'))) &&
        (pick?.(candidate) ?? true),
    );
    if (!credential) throw new Error('NotAllowedError: no credential for this request');
    credential.signCount += 1;
    const rpId = options.rpId ?? credential.rpId;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x05]), // user present, user verified
      counterBytes(credential.signCount),
    ]);
    const clientData = this.clientData('webauthn.get', options.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      credential.privateKey,
    );
    return answer(credential.id, {
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle.toString('base64url'),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }
}
