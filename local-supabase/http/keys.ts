// Who is calling: the API key (apikey header or ?apikey=) and the bearer token, verified with the
// project's HS256 secret or, for ES256/RS256 tokens, its signing keys. Services turn a JwtError into
// their own error shape.
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
} from 'jose';
import type { Claims } from '../db/database.ts';
import type { Keys } from '../config/keys.ts';

export type KeyRole = 'anon' | 'service_role';

/** The role an API key stands for, or null when it is not one of this project's keys. */
export function identifyApiKey(key: string | undefined, keys: Keys): KeyRole | null {
  if (!key) return null;
  if (key === keys.anonKey || key === keys.publishableKey) return 'anon';
  if (key === keys.serviceRoleKey || key === keys.secretKey) return 'service_role';
  return null;
}

/**
 * The role of an API key that is a JWT signed with one of the project's asymmetric signing keys
 * (`[auth] signing_keys_path`), as the Supabase CLI signs its anon and service_role keys when
 * signing keys are configured, and as auth-js's test fixtures build theirs: accepted wherever the
 * legacy keys are, with the role from the token. Null for anything else (no signing keys, an HS256
 * token, another key's signature, an expired token, a role that is not anon or service_role).
 */
export async function roleOfSignedApiKey(
  key: string | undefined,
  keys: Keys,
): Promise<KeyRole | null> {
  if (!key || !keys.signing || key.split('.').length !== 3) return null;
  try {
    if (decodeProtectedHeader(key).alg === 'HS256') return null;
    const { payload } = await verifyBySignature(key, keys);
    const role = payload['role'];
    return role === 'anon' || role === 'service_role' ? role : null;
  } catch {
    return null;
  }
}

export type JwtProblem = 'malformed' | 'invalid_signature' | 'expired' | 'missing_claims';

/** A bearer token that cannot be trusted; `problem` lets each service pick its own error code. */
export class JwtError extends Error {
  readonly problem: JwtProblem;

  constructor(problem: JwtProblem, message: string) {
    super(message);
    this.name = 'JwtError';
    this.problem = problem;
  }
}

function secretOf(keys: Keys): Uint8Array {
  return new TextEncoder().encode(keys.jwtSecret);
}

/**
 * HS256 tokens (the API keys, and every token without asymmetric keys) check against the secret;
 * with `signing_keys_path`, ES256/RS256 tokens check against the published keys by `kid`, as GoTrue
 * and PostgREST do.
 */
function verifyBySignature(token: string, keys: Keys) {
  const signing = keys.signing;
  if (signing && decodeProtectedHeader(token).alg !== 'HS256') {
    // A key file may mix RS256 and ES256 keys; each token is checked against its `kid`'s key.
    const algorithms = [...new Set(signing.publicJwks.flatMap((jwk) => jwk.alg ?? []))];
    return jwtVerify(token, createLocalJWKSet({ keys: signing.publicJwks }), { algorithms });
  }
  return jwtVerify(token, secretOf(keys), { algorithms: ['HS256'] });
}

/** How many verified tokens each project's keys remember (the oldest go first). */
const VERIFIED_TOKENS = 1000;

/**
 * Tokens whose signature checked out, by their exact text, per set of keys: the same bytes verify
 * the same way, so a token seen before skips the HMAC or signature check (on every request it was
 * the largest piece of REST's own time: bench/README.md). `exp` and `nbf` are checked on each use.
 */
const verified = new WeakMap<Keys, Map<string, JWTPayload>>();

/** Whether a remembered token is still within its `nbf`…`exp` (jose's own rule, no leeway). */
function stillValid(payload: JWTPayload): boolean {
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp === 'number' && payload.exp <= now) return false;
  return !(typeof payload.nbf === 'number' && payload.nbf > now);
}

/** Verifies a JWT (signature, `exp`) and returns its claims; throws JwtError. */
export async function verifyJwt(token: string, keys: Keys): Promise<JWTPayload> {
  if (token.split('.').length !== 3) {
    throw new JwtError('malformed', `Expected 3 parts in JWT; got ${token.split('.').length}`);
  }
  let remembered = verified.get(keys);
  const known = remembered?.get(token);
  if (known && stillValid(known)) return { ...known };
  try {
    const { payload } = await verifyBySignature(token, keys);
    if (!remembered) verified.set(keys, (remembered = new Map<string, JWTPayload>()));
    remembered.delete(token);
    if (remembered.size >= VERIFIED_TOKENS) {
      remembered.delete(remembered.keys().next().value as string);
    }
    remembered.set(token, payload);
    return { ...payload };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
      throw new JwtError('invalid_signature', 'JWSInvalidSignature');
    }
    throw new JwtError('malformed', error instanceof Error ? error.message : 'Invalid JWT');
  }
}

/** Claims as the database sees them in `request.jwt.claims`. */
export function toClaims(payload: JWTPayload): Claims {
  const role = payload['role'];
  if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
    throw new JwtError(
      'missing_claims',
      `JWT role "${String(role)}" is not anon, authenticated or service_role`,
    );
  }
  return { ...payload, role };
}

export interface RequestIdentity {
  /** Claims for `db.asRole`. */
  claims: Claims;
  /** The bearer token (or the API key when there was none). */
  token: string;
  /** True when the bearer is a user's access token, not an API key. */
  isUser: boolean;
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * The caller's identity from `Authorization: Bearer` (a user JWT, an anon/service JWT, or an
 * sb_ key), falling back to the apikey. Throws JwtError for a bearer that does not verify.
 */
export async function identifyRequest(
  headers: { authorization?: string | undefined; apikey?: string | undefined },
  keys: Keys,
): Promise<RequestIdentity> {
  const token = bearerToken(headers.authorization) ?? headers.apikey;
  if (!token) return { claims: { role: 'anon' }, token: '', isUser: false };
  const keyRole = token.startsWith('sb_') ? identifyApiKey(token, keys) : null;
  if (keyRole) {
    return { claims: { role: keyRole, iss: 'supabase' }, token, isUser: false };
  }
  if (token.startsWith('sb_')) throw new JwtError('malformed', 'Invalid API key');
  const claims = toClaims(await verifyJwt(token, keys));
  return { claims, token, isUser: claims.role === 'authenticated' };
}
