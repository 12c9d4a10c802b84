// supabase/config.toml as the Supabase CLI defines it. Keys this backend uses are validated; keys the
// CLI knows but this backend does not use are accepted and ignored; anything else is an error, so a
// typo (`jwt_expiry_seconds`) fails the start instead of being silently ignored.
import { z } from 'zod';
import { parseDuration, parseSize } from './units.ts';

/** A key the Supabase CLI knows and this backend ignores. */
const ignored = z.unknown().optional();

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
  tls: ignored,
  external_url: ignored,
});

const db = z.strictObject({
  /** The database port (wire protocol); served by the CLI, by `start()` when asked (db/wire-server.ts). */
  port: z.int().min(0).max(65535).default(54322),
  shadow_port: ignored,
  major_version: ignored,
  root_key: ignored,
  health_timeout: ignored,
  pooler: ignored,
  network_restrictions: ignored,
  vault: ignored,
  settings: ignored,
  ssl_enforcement: ignored,
  migrations: z
    .strictObject({ enabled: z.boolean().default(true), schema_paths: ignored })
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
  sms_sent: ignored,
  anonymous_users: z.int().min(0).default(30),
  token_refresh: z.int().min(0).default(150),
  sign_in_sign_ups: z.int().min(0).default(30),
  token_verifications: z.int().min(0).default(30),
  web3: ignored,
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
  notification: ignored,
  smtp: ignored,
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
  // Phone and WebAuthn factors are not available here; their keys are accepted.
  phone: ignored,
  web_authn: ignored,
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
  enable_manual_linking: ignored,
  minimum_password_length: z.int().min(6).max(72).default(6),
  password_requirements: z
    .enum([
      '',
      'letters_digits',
      'lower_upper_letters_digits',
      'lower_upper_letters_digits_symbols',
    ])
    .default(''),
  signing_keys_path: ignored,
  jwt_secret: ignored,
  publishable_key: ignored,
  secret_key: ignored,
  anon_key: ignored,
  service_role_key: ignored,
  rate_limit: rateLimit.default(rateLimitDefaults()),
  email: authEmail.default(authEmailDefaults()),
  captcha: ignored,
  sms: ignored,
  mfa: mfa.default(mfa.parse({})),
  sessions: ignored,
  hook: ignored,
  external: ignored,
  third_party: ignored,
  web3: ignored,
  oauth_server: ignored,
  passkey: ignored,
  webauthn: ignored,
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
  buckets: ignored,
  s3_protocol: ignored,
  analytics: ignored,
  vector: ignored,
});

const inbucket = z.strictObject({
  enabled: z.boolean().default(true),
  port: port.default(54324),
  smtp_port: ignored,
  pop3_port: ignored,
  admin_email: ignored,
  sender_name: ignored,
});

const realtime = z.strictObject({
  enabled: z.boolean().default(true),
  ip_version: ignored,
  max_header_length: ignored,
});

export const configFileSchema = z.strictObject({
  project_id: z.string().default('local'),
  api: api.default(api.parse({})),
  db: db.default(db.parse({})),
  realtime: realtime.default({ enabled: true }),
  studio: ignored,
  inbucket: inbucket.default({ enabled: true, port: 54324 }),
  storage: storage.default(storage.parse({})),
  auth: auth.default(auth.parse({})),
  edge_runtime: ignored,
  analytics: ignored,
  experimental: ignored,
  functions: ignored,
  remotes: ignored,
});

export type ConfigFile = z.output<typeof configFileSchema>;
export type ConfigFileInput = z.input<typeof configFileSchema>;
