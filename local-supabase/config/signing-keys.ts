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

function publicHalf(jwk: JWK): JWK {
  const kept = Object.entries(jwk).filter(([member]) => !PRIVATE_MEMBERS.includes(member));
  return { ...(Object.fromEntries(kept) as JWK), key_ops: ['verify'] };
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
  const problems: string[] = [];
  if (!first) problems.push('auth.signing_keys_path: the file holds no key');
  for (const jwk of jwks) {
    if (jwk.alg !== 'ES256' && jwk.alg !== 'RS256') {
      problems.push(
        `auth.signing_keys_path: key ${jwk.kid ?? '?'} is ${jwk.alg ?? 'without alg'}, not ES256 or RS256`,
      );
    }
    if (!jwk.kid) problems.push('auth.signing_keys_path: every key needs a kid');
  }
  if (first && !first.d) problems.push('auth.signing_keys_path: the first key has no private part');
  if (problems.length > 0 || !first) throw new ConfigError(source, problems);
  const alg = first.alg as SigningAlgorithm;
  return {
    alg,
    kid: first.kid ?? '',
    privateKey: await importJWK(first, alg),
    publicJwks: jwks.map(publicHalf),
  };
}
