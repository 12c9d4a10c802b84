// The JWT secret and API keys: the CLI's demo values unless overridden. A custom secret without
// custom keys gets freshly signed anon/service_role keys, as `supabase start` does.
import { SignJWT, jwtVerify } from 'jose';
import { ConfigError } from './errors.ts';
import type { SigningKeys } from './signing-keys.ts';
import {
  DEMO_ANON_KEY,
  DEMO_JWT_SECRET,
  DEMO_PUBLISHABLE_KEY,
  DEMO_SECRET_KEY,
  DEMO_SERVICE_ROLE_KEY,
} from './defaults.ts';

export interface Keys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** New-format keys accepted in place of the anon and service_role JWTs. */
  publishableKey: string;
  secretKey: string;
  /** Asymmetric access-token keys (`[auth] signing_keys_path`); without them tokens are HS256. */
  signing?: SigningKeys;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

async function signRoleKey(secret: Uint8Array, role: 'anon' | 'service_role'): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: 'supabase-demo', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + TEN_YEARS)
    .sign(secret);
}

async function checkRoleKey(
  name: string,
  key: string,
  secret: Uint8Array,
  role: string,
  problems: string[],
): Promise<void> {
  try {
    const { payload } = await jwtVerify(key, secret, { algorithms: ['HS256'] });
    if (payload['role'] !== role)
      problems.push(`${name}: its role is "${String(payload['role'])}", not "${role}"`);
  } catch (error) {
    problems.push(`${name}: not a JWT signed with the JWT secret (${(error as Error).message})`);
  }
}

export async function resolveKeys(
  overrides: { jwtSecret?: string; anonKey?: string; serviceRoleKey?: string },
  source: string,
): Promise<Keys> {
  const jwtSecret = overrides.jwtSecret ?? DEMO_JWT_SECRET;
  const problems: string[] = [];
  if (jwtSecret.length < 32) problems.push('JWT_SECRET: must be at least 32 characters long');
  if (problems.length > 0) throw new ConfigError(source, problems);
  const secret = new TextEncoder().encode(jwtSecret);
  const demo = jwtSecret === DEMO_JWT_SECRET;
  const anonKey = overrides.anonKey ?? (demo ? DEMO_ANON_KEY : await signRoleKey(secret, 'anon'));
  const serviceRoleKey =
    overrides.serviceRoleKey ??
    (demo ? DEMO_SERVICE_ROLE_KEY : await signRoleKey(secret, 'service_role'));
  await checkRoleKey('ANON_KEY', anonKey, secret, 'anon', problems);
  await checkRoleKey('SERVICE_ROLE_KEY', serviceRoleKey, secret, 'service_role', problems);
  if (problems.length > 0) throw new ConfigError(source, problems);
  return {
    jwtSecret,
    anonKey,
    serviceRoleKey,
    publishableKey: DEMO_PUBLISHABLE_KEY,
    secretKey: DEMO_SECRET_KEY,
  };
}
