// `[auth] signing_keys_path`: asymmetric keys for access tokens, in the file `supabase gen
// signing-key` writes (a JSON array of private JWKs). The first key signs; the public halves of all
// are published at /auth/v1/.well-known/jwks.json, so supabase-js getClaims() verifies locally.
import { readFile } from 'node:fs/promises';
import { importJWK, type CryptoKey, type JWK } from 'jose';
import { ConfigError } from './errors.ts';

export type SigningAlgorithm = 'ES256' | 'RS256';

export interface SigningKeys {
  alg: SigningAlgorithm;
  kid: string;
  privateKey: CryptoKey | Uint8Array;
  /** The public JWKs (private members removed), as GoTrue publishes them. */
  publicJwks: JWK[];
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
/**
 * Members that only say how a key may be used. Keys made by common tools (and auth-js's own test
 * fixtures) carry `key_ops: ["sign", "verify"]` on a private key, which WebCrypto refuses to import
 * ("Unsupported key usage"); the Supabase CLI ignores them, and so does this backend: a private key
 * signs, a public half verifies.
 */
const USAGE_MEMBERS = ['key_ops', 'use', 'ext'];

function without(jwk: JWK, members: string[]): JWK {
  return Object.fromEntries(Object.entries(jwk).filter(([member]) => !members.includes(member)));
}

function publicHalf(jwk: JWK): JWK {
  return { ...without(jwk, [...PRIVATE_MEMBERS, ...USAGE_MEMBERS]), key_ops: ['verify'] };
}

/** What is wrong with one key, in words, or null. */
function keyProblem(jwk: JWK): string | null {
  if (jwk.alg !== 'ES256' && jwk.alg !== 'RS256') {
    return `is ${jwk.alg ?? 'without alg'}, not ES256 or RS256`;
  }
  if (!jwk.kid) return 'has no kid';
  const kty = jwk.alg === 'ES256' ? 'EC' : 'RSA';
  if (jwk.kty !== kty) return `is ${jwk.alg} but its kty is ${jwk.kty ?? 'missing'}, not ${kty}`;
  if (kty === 'EC' && jwk.crv !== 'P-256') return `is ES256 but its curve is ${jwk.crv}, not P-256`;
  return null;
}

/** Imports a key; jose's or WebCrypto's refusal becomes one line naming the file and the key. */
async function importKey(jwk: JWK, line: (problem: string) => string, source: string) {
  try {
    return await importJWK(jwk, jwk.alg);
  } catch (error) {
    throw new ConfigError(source, [line(`cannot be read (${(error as Error).message})`)]);
  }
}

export async function readSigningKeys(path: string, source: string): Promise<SigningKeys> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(source, [
      `auth.signing_keys_path: cannot read ${path} (${(error as Error).message})`,
    ]);
  }
  const jwks = (Array.isArray(parsed) ? parsed : [parsed]) as JWK[];
  const first = jwks[0];
  if (!first) throw new ConfigError(source, [`auth.signing_keys_path: ${path} holds no key`]);
  const line = (jwk: JWK, index: number) => (problem: string) =>
    `auth.signing_keys_path: ${path}: key ${jwk.kid ?? `#${index + 1}`} ${problem}`;
  const problems = jwks.flatMap((jwk, index) => {
    const problem = keyProblem(jwk);
    return problem ? [line(jwk, index)(problem)] : [];
  });
  if (!first.d) problems.push(line(first, 0)('has no private part (the first key signs)'));
  if (problems.length > 0) throw new ConfigError(source, problems);
  // Every public half must import too: a key that cannot verify would fail every token it signed.
  for (const [index, jwk] of jwks.entries()) {
    await importKey(publicHalf(jwk), line(jwk, index), source);
  }
  return {
    alg: first.alg as SigningAlgorithm,
    kid: first.kid ?? '',
    privateKey: await importKey(without(first, USAGE_MEMBERS), line(first, 0), source),
    publicJwks: jwks.map(publicHalf),
  };
}
