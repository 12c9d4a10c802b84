// supabase/config.toml as the Supabase CLI defines it (pkg/config in supabase/cli: config.go, api.go,
// db.go, storage.go, auth.go, and the config.toml `supabase init` writes). Keys this backend uses are
// validated. Keys the CLI knows but this backend does not use are accepted: `ignored(reason,
// cliDefault)` marks them, and review.ts warns about each one once at start unless its value asks
// for nothing (the value `supabase init` writes, or a section with `enabled = false`). Keys the CLI
// does not know are warned about and dropped; neither stops the start.
import { z } from 'zod';
import { parseDuration, parseSize } from './units.ts';

/** Why a known key has no effect here, and the value the Supabase CLI writes or assumes for it. */
export interface IgnoredKey {
  reason: string;
  cliDefault?: unknown;
}

/** The schemas made by `ignored()`, with what review.ts needs to word their warning. */
export const ignoredKeys = new WeakMap<z.ZodType, IgnoredKey>();

/** A key the Supabase CLI knows and this backend ignores. */
function ignored(reason: string, cliDefault?: unknown) {
  const schema = z.unknown().optional();
  ignoredKeys.set(schema, { reason, cliDefault });
  return schema;
}

const NO_SMS = 'there is no SMS or phone sign-in here';
const NOT_LOCAL = 'not part of the local backend';

const port = z.int().min(1).max(65535);
const url = z.url({ protocol: /^https?$/ });

const duration = z.string().transform((text, context) => {
  const seconds = parseDuration(text);
  if (seconds === undefined) {
    context.addIssue({
      code: 'custom',
      message: `"${text}" is not a duration like "1s" or "1m30s"`,
    });
    return z.NEVER;
  }
  return seconds;
});

const size = z.union([z.string(), z.number()]).transform((value, context) => {
  const bytes = parseSize(value);
  if (bytes === undefined) {
    context.addIssue({ code: 'custom', message: `"${value}" is not a size like "50MiB"` });
    return z.NEVER;
  }
  return bytes;
});

const EMAIL_TEMPLATES = [
  'invite',
  'confirmation',
  'recovery',
  'magic_link',
  'email_change',
  'reauthentication',
] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATES)[number];

const emailTemplate = z.strictObject({
  subject: z.string().optional(),
  content_path: z.string().optional(),
  content: z.string().optional(),
});

const api = z.strictObject({
  enabled: z.boolean().default(true),
  port: port.default(54321),
  schemas: z.array(z.string()).default(['public', 'graphql_public']),
  extra_search_path: z.array(z.string()).default(['public', 'extensions']),
  max_rows: z.int().min(1).default(1000),
  tls: ignored('the API serves plain HTTP', { enabled: false }),
  external_url: ignored('URLs are built from the address the API listens on'),
  auto_expose_new_tables: ignored('table grants are whatever the migrations give'),
});

const db = z.strictObject({
  /** The database port (wire protocol); served by the CLI, by `start()` when asked (db/wire-server.ts). */
  port: z.int().min(0).max(65535).default(54322),
  shadow_port: ignored('there is no shadow database (db diff needs the Supabase CLI)', 54320),
  major_version: ignored('PGlite is Postgres 18, whatever the version named', 17),
  root_key: ignored('the database is not encrypted'),
  health_timeout: ignored('PGlite starts in-process', '2m'),
  pooler: ignored('there is no connection pooler (PGlite is one session)', { enabled: false }),
  network_restrictions: ignored('the database port listens on the interface chosen with --host', {
    enabled: false,
  }),
  vault: ignored('there is no Vault', {}),
  settings: ignored("Postgres settings are PGlite's", {}),
  ssl_enforcement: ignored('the database port has no TLS', { enabled: false }),
  migrations: z
    .strictObject({
      enabled: z.boolean().default(true),
      schema_paths: ignored('declarative schemas need the Supabase CLI', []),
    })
    .default({ enabled: true }),
  seed: z
    .strictObject({
      enabled: z.boolean().default(true),
      sql_paths: z.array(z.string()).default(['./seed.sql']),
    })
    .default({ enabled: true, sql_paths: ['./seed.sql'] }),
});

const rateLimit = z.strictObject({
  email_sent: z.int().min(0).default(2),
  sms_sent: ignored(NO_SMS, 30),
  anonymous_users: z.int().min(0).default(30),
  token_refresh: z.int().min(0).default(150),
  sign_in_sign_ups: z.int().min(0).default(30),
  token_verifications: z.int().min(0).default(30),
  web3: ignored('there is no Web3 sign-in here', 30),
});

const authEmail = z.strictObject({
  enable_signup: z.boolean().default(true),
  double_confirm_changes: z.boolean().default(true),
  enable_confirmations: z.boolean().default(false),
  secure_password_change: z.boolean().default(false),
  max_frequency: duration.default(1),
  otp_length: z.int().min(6).max(10).default(6),
  otp_expiry: z.int().min(1).max(86400).default(3600),
  template: z.partialRecord(z.enum(EMAIL_TEMPLATES), emailTemplate).default({}),
  notification: ignored('notification e-mails are not sent', {}),
  smtp: ignored('e-mails go to the local mailbox', { enabled: false }),
});

/** An MFA factor type's switches (`[auth.mfa.totp]`); off unless config.toml turns them on, as the CLI. */
const factorSwitches = z
  .object({
    enroll_enabled: z.boolean().default(false),
    verify_enabled: z.boolean().default(false),
  })
  .loose();

const mfa = z.strictObject({
  max_enrolled_factors: z.int().min(1).default(10),
  totp: factorSwitches.default({ enroll_enabled: false, verify_enabled: false }),
  // Phone factors are not available here; their keys are accepted.
  phone: ignored('phone factors are not available here', {
    enroll_enabled: false,
    verify_enabled: false,
    otp_length: 6,
    template: 'Your code is {{ .Code }}',
    max_frequency: '5s',
  }),
  web_authn: factorSwitches.default({ enroll_enabled: false, verify_enabled: false }),
});

/** `[auth.passkey]`: passkeys as a first factor (off unless turned on, as the CLI). */
const passkey = z.strictObject({
  enabled: z.boolean().default(false),
  max_passkeys_per_user: z.int().min(1).default(10),
});

/**
 * `[auth.saml]`: single sign-on with SAML 2.0 (GoTrue's GOTRUE_SAML_ENABLED). Off, `/sso` and
 * `/admin/sso` answer 404 saml_provider_disabled and `/settings` says `saml_enabled: false`. The
 * CLI's other keys here (the service provider's key, encrypted assertions) have no effect.
 */
const saml = z.object({ enabled: z.boolean().default(false) }).catchall(z.unknown());

/**
 * `[auth.webauthn]`: the relying party of passkeys and WebAuthn factors. Unset, it is the site's:
 * `rp_id` its host name and `rp_origins` its origin (see auth/webauthn/relying-party.ts).
 */
const webauthn = z.strictObject({
  rp_display_name: z.string().default(''),
  rp_id: z.string().default(''),
  rp_origins: z.array(url).default([]),
});

// An auth hook (`[auth.hook.<name>]`, GoTrue's hooks/v0): a Postgres function
// (`pg-functions://postgres/<schema>/<function>`) or an HTTP endpoint (`http://`, `https://`) that is
// signed per Standard Webhooks with each `v1,whsec_<base64>` secret (several joined by `|`).
const PG_FUNCTION = /^pg-functions:\/\/[^/]+\/[A-Za-z_][A-Za-z0-9_]*\/[A-Za-z_][A-Za-z0-9_]*$/;
const HTTP_HOOK = /^https?:\/\/[^/]/;
const HOOK_SECRET = /^v1,whsec_[A-Za-z0-9+/]+={0,2}$/;
const authHook = z
  .strictObject({
    enabled: z.boolean().default(false),
    uri: z
      .string()
      .refine((uri) => uri === '' || PG_FUNCTION.test(uri) || HTTP_HOOK.test(uri), {
        message: 'a hook is pg-functions://postgres/<schema>/<function> or an http(s):// URL',
      })
      .default(''),
    secrets: z.string().default(''),
  })
  .superRefine((hook, context) => {
    if (!hook.enabled || !HTTP_HOOK.test(hook.uri)) return;
    const secrets = hook.secrets.split('|');
    if (!secrets.every((secret) => HOOK_SECRET.test(secret))) {
      context.addIssue({
        code: 'custom',
        path: ['secrets'],
        message: 'an HTTP hook needs secrets = "v1,whsec_<base64>" (several joined by |)',
      });
    }
  });
export type AuthHook = z.output<typeof authHook>;
const NO_HOOK = 'this auth hook is not called here';
const authHooks = z.strictObject({
  custom_access_token: authHook.optional(),
  send_email: authHook.optional(),
  send_sms: ignored(NO_HOOK, { enabled: false }),
  mfa_verification_attempt: ignored(NO_HOOK, { enabled: false }),
  password_verification_attempt: ignored(NO_HOOK, { enabled: false }),
  before_user_created: ignored(NO_HOOK, { enabled: false }),
  after_user_created: ignored(NO_HOOK, { enabled: false }),
});

/**
 * An OAuth provider's section (`[auth.external.<name>]`, the CLI's provider keys). Only Keycloak is
 * available here: it is the one GoTrue talks to at a configurable URL, so the development OpenID
 * provider (stand-ins/oidc) can pose as one.
 */
const keycloakProvider = z.strictObject({
  enabled: z.boolean().default(false),
  client_id: z.string().default(''),
  secret: z.string().default(''),
  url: z.string().default(''),
  redirect_uri: z.string().default(''),
  skip_nonce_check: z.boolean().default(false),
  email_optional: ignored('an address is always asked of the provider', false),
});

/** The OAuth providers GoTrue knows besides Keycloak (internal/api/external.go `Provider`). */
export const otherOAuthProviders: readonly string[] = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'x',
  'zoom',
];

const OTHER_PROVIDER =
  'only [auth.external.keycloak] can be used here (no other provider runs locally)';
const otherProvider = () => ignored(OTHER_PROVIDER, { enabled: false });

const external = z.strictObject({
  keycloak: keycloakProvider.default(keycloakProvider.parse({})),
  ...Object.fromEntries(otherOAuthProviders.map((name) => [name, otherProvider()])),
});

const auth = z.strictObject({
  enabled: z.boolean().default(true),
  site_url: url.default('http://127.0.0.1:3000'),
  additional_redirect_urls: z.array(z.string()).default([]),
  jwt_expiry: z.int().min(30).max(604800).default(3600),
  jwt_issuer: z.string().optional(),
  enable_refresh_token_rotation: z.boolean().default(true),
  refresh_token_reuse_interval: z.int().min(0).default(10),
  enable_signup: z.boolean().default(true),
  enable_anonymous_sign_ins: z.boolean().default(false),
  enable_manual_linking: z.boolean().default(false),
  external_url: ignored('auth is served at <API URL>/auth/v1'),
  minimum_password_length: z.int().min(6).max(72).default(6),
  password_requirements: z
    .enum([
      '',
      'letters_digits',
      'lower_upper_letters_digits',
      'lower_upper_letters_digits_symbols',
    ])
    .default(''),
  signing_keys_path: z.string().optional(),
  jwt_secret: ignored('set JWT_SECRET in the environment instead'),
  publishable_key: ignored('the publishable key is derived from the API keys'),
  secret_key: ignored('the secret key is derived from the API keys'),
  anon_key: ignored('set ANON_KEY in the environment instead'),
  service_role_key: ignored('set SERVICE_ROLE_KEY in the environment instead'),
  rate_limit: rateLimit.default(rateLimitDefaults()),
  email: authEmail.default(authEmailDefaults()),
  captcha: ignored('no CAPTCHA is checked', { enabled: false }),
  sms: ignored(NO_SMS, {
    enable_signup: false,
    enable_confirmations: false,
    template: 'Your code is {{ .Code }}',
    max_frequency: '5s',
    twilio: { enabled: false },
  }),
  mfa: mfa.default(mfa.parse({})),
  sessions: ignored('session time-boxes and inactivity time-outs are not enforced', {}),
  hook: authHooks.default({}),
  external: external.default(external.parse({})),
  third_party: ignored('third-party auth tokens are not accepted', {}),
  web3: ignored('there is no Web3 sign-in here', {}),
  oauth_server: ignored('the OAuth 2.1 server is not available here', {
    enabled: false,
    authorization_url_path: '/oauth/consent',
    allow_dynamic_registration: false,
  }),
  passkey: passkey.default({ enabled: false, max_passkeys_per_user: 10 }),
  webauthn: webauthn.default({ rp_display_name: '', rp_id: '', rp_origins: [] }),
  saml: saml.default({ enabled: false }),
});

function rateLimitDefaults() {
  return {
    email_sent: 2,
    anonymous_users: 30,
    token_refresh: 150,
    sign_in_sign_ups: 30,
    token_verifications: 30,
  };
}

function authEmailDefaults() {
  return {
    enable_signup: true,
    double_confirm_changes: true,
    enable_confirmations: false,
    secure_password_change: false,
    max_frequency: 1,
    otp_length: 6,
    otp_expiry: 3600,
    template: {},
  };
}

const storage = z.strictObject({
  enabled: z.boolean().default(true),
  file_size_limit: size.default(50 * 2 ** 20),
  // On by default, as in the Supabase CLI's config.toml; off answers `FeatureNotEnabled`.
  image_transformation: z
    .strictObject({ enabled: z.boolean().default(true) })
    .default({ enabled: true }),
  buckets: ignored('buckets come from migrations or the API, not config.toml', {}),
  s3_protocol: ignored('the S3 protocol is not available here', { enabled: true }),
  analytics: ignored('analytics buckets are not available here', {
    enabled: false,
    max_namespaces: 5,
    max_tables: 10,
    max_catalogs: 2,
  }),
  vector: ignored('vector buckets are not available here', {
    enabled: true,
    max_buckets: 10,
    max_indexes: 5,
  }),
});

const inbucket = z.strictObject({
  enabled: z.boolean().default(true),
  port: port.default(54324),
  smtp_port: ignored('the mailbox has no SMTP port'),
  pop3_port: ignored('the mailbox has no POP3 port'),
  admin_email: ignored('e-mails are sent from the address in the templates', 'admin@email.com'),
  sender_name: ignored('e-mails are sent from the address in the templates', 'Admin'),
});

const realtime = z.strictObject({
  enabled: z.boolean().default(true),
  ip_version: ignored('realtime listens where the API does', 'IPv4'),
  max_header_length: ignored('Node limits request headers (32 KB here)', 4096),
});

// [edge_runtime] and [functions.<name>]: Edge Functions run under the `deno` npm package's Deno, one
// process per function (functions/), with the Supabase CLI's keys.
const edgeRuntime = z.strictObject({
  enabled: z.boolean().default(true),
  policy: ignored('each function runs in its own process and picks up changed files', 'per_worker'),
  inspector_port: ignored('there is no inspector here', 8083),
  deno_version: ignored('the deno npm package pinned in package.json runs them', 2),
  secrets: ignored('secrets come from supabase/functions/.env', {}),
});

const edgeFunction = z.strictObject({
  enabled: z.boolean().default(true),
  verify_jwt: z.boolean().default(true),
  import_map: z.string().optional(),
  entrypoint: z.string().optional(),
  static_files: ignored('a function reads its own folder', []),
});
export type EdgeFunctionSettings = z.output<typeof edgeFunction>;

export const configFileSchema = z.strictObject({
  project_id: z.string().default('local'),
  api: api.default(api.parse({})),
  db: db.default(db.parse({})),
  realtime: realtime.default({ enabled: true }),
  studio: ignored(NOT_LOCAL, {
    enabled: true,
    port: 54323,
    api_url: 'http://127.0.0.1',
    openai_api_key: 'env(OPENAI_API_KEY)',
  }),
  inbucket: inbucket.default({ enabled: true, port: 54324 }),
  storage: storage.default(storage.parse({})),
  auth: auth.default(auth.parse({})),
  edge_runtime: edgeRuntime.default({ enabled: true }),
  analytics: ignored(NOT_LOCAL, { enabled: true, port: 54327, backend: 'postgres' }),
  experimental: ignored(NOT_LOCAL, {
    orioledb_version: '',
    s3_host: 'env(S3_HOST)',
    s3_region: 'env(S3_REGION)',
    s3_access_key: 'env(S3_ACCESS_KEY)',
    s3_secret_key: 'env(S3_SECRET_KEY)',
    pgdelta: { enabled: true },
  }),
  functions: z.record(z.string(), edgeFunction).default({}),
  remotes: ignored('remote branches are a hosted feature', {}),
});

export type ConfigFile = z.output<typeof configFileSchema>;
export type ConfigFileInput = z.input<typeof configFileSchema>;
