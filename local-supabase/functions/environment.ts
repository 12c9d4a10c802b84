// The environment a function's process gets: what hosted Edge Functions get (the project URL, the
// keys, the database URL), the secrets of functions/.env, and what Deno itself needs here. Nothing
// else of the backend's own environment leaks in.
import type { Keys } from '../config/keys.ts';

/** Passed through when set: the npm registry Deno reads `npm:` packages from, and proxies. */
const PASSED_THROUGH = [
  'NPM_CONFIG_REGISTRY',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'TZ',
];

export interface FunctionEnvironment {
  apiUrl: string;
  keys: Keys;
  dbUrl: string | null;
  /** The local mailbox's Resend-shaped `POST /emails`, the default MAIL_API_URL. */
  mailApiUrl: string | null;
  /** The site's origin (`[auth] site_url`), the default SITE_URL. */
  siteUrl: string;
  denoDir: string;
  secrets: Record<string, string>;
}

export function functionEnv(environment: FunctionEnvironment): Record<string, string> {
  const passed = Object.fromEntries(
    PASSED_THROUGH.flatMap((name) => {
      const value = process.env[name];
      return value === undefined ? [] : [[name, value]];
    }),
  );
  return {
    ...passed,
    // Defaults of the product's own secrets, which functions/.env overrides.
    SITE_URL: environment.siteUrl,
    ...(environment.mailApiUrl ? { MAIL_API_URL: environment.mailApiUrl } : {}),
    ...environment.secrets,
    SUPABASE_URL: environment.apiUrl,
    SUPABASE_ANON_KEY: environment.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: environment.keys.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: environment.keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: environment.keys.secretKey }),
    ...(environment.dbUrl ? { SUPABASE_DB_URL: environment.dbUrl } : {}),
    DENO_DIR: environment.denoDir,
    // Deno must not reach for hosts this machine cannot reach, nor read the project's package.json.
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    DENO_NO_PACKAGE_JSON: '1',
    NO_COLOR: '1',
    // The operating system's certificate authorities too, as Node and npm trust them (a proxy's CA).
    DENO_TLS_CA_STORE: 'mozilla,system',
  };
}
