import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ConfigError,
  loadConfig,
  readEnvOverrides,
} from '../../../local-supabase/config/config.ts';
import { relyingParty } from '../../../local-supabase/auth/webauthn/relying-party.ts';
import { DEMO_ANON_KEY } from '../../../local-supabase/config/defaults.ts';
import { projectRoot } from '../../../local-supabase/paths.ts';
import { startTestServer } from '../helpers/server.ts';

describe('configuration from supabase/config.toml, environment and flags', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'config-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function configFile(toml: string): Promise<string> {
    const path = join(dir, `config-${Math.random().toString(36).slice(2)}.toml`);
    await writeFile(path, toml);
    return path;
  }

  it("reads the project's config.toml with the product's auth rules", async () => {
    const config = await loadConfig();
    expect(config.api.port).toBe(54321);
    expect(config.inbucket.port).toBe(54324);
    expect(config.auth.minimum_password_length).toBe(8);
    expect(config.auth.email.enable_confirmations).toBe(true);
    expect(config.auth.email.otp_length).toBe(6);
    expect(config.auth.email.template.magic_link?.content_path).toBe(
      './supabase/templates/magic_link.html',
    );
    expect(config.local.keys.anonKey).toBe(DEMO_ANON_KEY);
    expect(config.local.dataDir).toMatch(/\.supabase-local$/);
  });

  it('accepts settings the Supabase CLI knows even when this backend ignores them', async () => {
    const path = await configFile(`
      [studio]
      enabled = true
      port = 54323
      [auth.external.github]
      enabled = false
      [auth.email]
      max_frequency = "1m30s"
      [storage]
      file_size_limit = "2MiB"
    `);
    const config = await loadConfig({ configPath: path });
    expect(config.auth.email.max_frequency).toBe(90);
    expect(config.storage.file_size_limit).toBe(2 * 1024 * 1024);
  });

  it('fails with every problem named when values are invalid', async () => {
    const path = await configFile(`
      [auth]
      minimum_password_length = "eight"
      site_url = "not a url"
      [auth.email]
      max_frequency = "soon"
      [inbucket]
      port = 70000
    `);
    const failure = await loadConfig({ configPath: path }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    const message = (failure as ConfigError).message;
    expect(message).toContain('auth.minimum_password_length');
    expect(message).toContain('auth.site_url');
    expect(message).toContain('auth.email.max_frequency: "soon" is not a duration');
    expect(message).toContain('inbucket.port');
  });

  it('takes [auth.hook.*] as Postgres functions or HTTP endpoints, refusing an HTTP hook without its secret', async () => {
    const valid = await configFile(`
      [auth.hook.send_email]
      enabled = true
      uri = "http://127.0.0.1:9999/send-email"
      secrets = "v1,whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=|v1,whsec_b3RoZXItc2VjcmV0"
    `);
    const config = await loadConfig({ configPath: valid });
    expect(config.auth.hook.send_email?.uri).toBe('http://127.0.0.1:9999/send-email');
    const invalid = await configFile(`
      [auth.hook.custom_access_token]
      enabled = true
      uri = "https://hooks.example.com/token"
      [auth.hook.send_email]
      enabled = true
      uri = "ftp://example.com/hook"
    `);
    const failure = await loadConfig({ configPath: invalid }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    const message = (failure as ConfigError).message;
    expect(message).toContain('auth.hook.custom_access_token.secrets');
    expect(message).toContain('v1,whsec_');
    expect(message).toContain('auth.hook.send_email.uri');
  });

  it('starts with an unknown key and a known key it ignores, and warns once about each', async () => {
    const path = await configFile(`
      [auth]
      jwt_expiry_seconds = 10
      [auth.sessions]
      timebox = "24h"
      inactivity_timeout = "8h"
      [studio]
      enabled = true
      port = 54323
      [auth.external.apple]
      enabled = false
    `);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const server = await startTestServer({
        configPath: path,
        migrationsDir: join(projectRoot, 'supabase/migrations'),
        seed: false,
      });
      try {
        const health = await fetch(`${server.url}/auth/v1/health`, {
          headers: { apikey: server.anonKey },
        });
        expect(health.status).toBe(200);
      } finally {
        await server.stop();
      }
      const printed = warn.mock.calls.map((call) => String(call[0]));
      const about = (key: string) => printed.filter((line) => line.includes(`${key}:`));
      expect(about('auth.jwt_expiry_seconds')).toHaveLength(1);
      expect(about('auth.jwt_expiry_seconds')[0]).toContain('not a setting the Supabase CLI knows');
      expect(about('auth.sessions')).toHaveLength(1);
      expect(about('auth.sessions')[0]).toContain('not enforced');
      // What supabase init writes, or a feature switched off, asks for nothing: no warning.
      expect(about('studio')).toEqual([]);
      expect(about('auth.external')).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it("reads [local_smtp], the Supabase CLI's new name for [inbucket]", async () => {
    const path = await configFile(`
      [local_smtp]
      enabled = false
      port = 54399
    `);
    const config = await loadConfig({ configPath: path });
    expect(config.inbucket).toMatchObject({ enabled: false, port: 54399 });
    expect(config.local.warnings).toEqual([]);
  });

  it("warns about nothing in the project's own config.toml", async () => {
    expect((await loadConfig()).local.warnings).toEqual([]);
  });

  it('refuses a named configuration file that does not exist instead of using defaults', async () => {
    const failure = await loadConfig({ configPath: '/nonexistent/config.toml' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as ConfigError).message).toContain('the configuration file does not exist');
  });

  it('accepts [auth.webauthn], [auth.mfa] and anonymous sign-ins as the Supabase CLI writes them', async () => {
    const path = await configFile(`
      [auth]
      enable_anonymous_sign_ins = true
      [auth.webauthn]
      rp_display_name = "Polyglot Press"
      [auth.mfa]
      max_enrolled_factors = 5
      [auth.mfa.totp]
      enroll_enabled = true
      verify_enabled = true
      [auth.mfa.phone]
      enroll_enabled = false
    `);
    const config = await loadConfig({ configPath: path });
    expect(config.auth.enable_anonymous_sign_ins).toBe(true);
    expect(config.auth.mfa).toMatchObject({
      max_enrolled_factors: 5,
      totp: { enroll_enabled: true, verify_enabled: true },
    });
  });

  it('reports a file that is not TOML', async () => {
    const path = await configFile('[auth\nsite_url = ');
    await expect(loadConfig({ configPath: path })).rejects.toBeInstanceOf(ConfigError);
  });

  it('lets the environment override the port, data directory, seed and keys', async () => {
    const overrides = readEnvOverrides({
      SUPABASE_LOCAL_PORT: '6543',
      SUPABASE_LOCAL_DATA_DIR: 'memory',
      SUPABASE_LOCAL_SEED: 'false',
      JWT_SECRET: 'a-different-secret-that-is-long-enough-to-sign',
    });
    const config = await loadConfig(overrides);
    expect(config.api.port).toBe(6543);
    expect(config.local.dataDir).toBeNull();
    expect(config.local.seed).toBe(false);
    expect(config.local.keys.anonKey).not.toBe(DEMO_ANON_KEY);
    expect(decodeJwt(config.local.keys.anonKey)['role']).toBe('anon');
    expect(decodeJwt(config.local.keys.serviceRoleKey)['role']).toBe('service_role');
  });

  it("puts the development OpenID and SAML providers on their own ports, the environment's, or free ones", async () => {
    const fromFile = await loadConfig();
    expect(fromFile.auth.external.keycloak).toMatchObject({
      enabled: true,
      url: 'http://127.0.0.1:54330/realms/polyglot',
    });
    expect(fromFile.local.oidcPort).toBeNull();
    const fromEnv = await loadConfig(readEnvOverrides({ SUPABASE_LOCAL_OIDC_PORT: '55999' }));
    expect(fromEnv.local.oidcPort).toBe(55999);
    // An API on a free port (tests, benchmarks) never competes for 54330.
    expect((await loadConfig({ port: 0 })).local.oidcPort).toBe(0);
    // The same for the SAML stand-in: two CLIs or test servers on port 0 never compete for 54331.
    expect(fromFile.local.samlIdpPort).toBe(54331);
    expect((await loadConfig({ port: 0 })).local.samlIdpPort).toBe(0);
    expect((await loadConfig({ port: 0, samlIdpPort: 55998 })).local.samlIdpPort).toBe(55998);
    expect(() => readEnvOverrides({ SUPABASE_LOCAL_OIDC_PORT: 'keycloak' })).toThrow(
      /SUPABASE_LOCAL_OIDC_PORT: "keycloak" is not a port number/,
    );
  });

  it('takes the site URL for e-mail links from SITE_URL, like the site itself', async () => {
    const config = await loadConfig(readEnvOverrides({ SITE_URL: 'http://127.0.0.1:8080' }));
    expect(config.auth.site_url).toBe('http://127.0.0.1:8080');
  });

  it('lets SITE_URL decide the redirect allow-list and the passkey relying party too', async () => {
    const config = await loadConfig(readEnvOverrides({ SITE_URL: 'https://press.example' }));
    expect(config.auth.additional_redirect_urls).toContain('https://press.example/**');
    expect(relyingParty(config)).toMatchObject({
      id: 'press.example',
      origins: ['https://press.example'],
    });
    const local = await loadConfig(readEnvOverrides({ SITE_URL: 'http://localhost:4391' }));
    expect(relyingParty(local)).toMatchObject({
      id: 'localhost',
      origins: ['http://localhost:4391'],
    });
  });

  it('names the rate-limit header from SUPABASE_LOCAL_RATE_LIMIT_HEADER, none by default', async () => {
    expect((await loadConfig()).local.rateLimitHeader).toBeNull();
    const overrides = readEnvOverrides({ SUPABASE_LOCAL_RATE_LIMIT_HEADER: 'X-Forwarded-For' });
    expect((await loadConfig(overrides)).local.rateLimitHeader).toBe('X-Forwarded-For');
  });

  it('rejects environment values that are not valid', async () => {
    expect(() => readEnvOverrides({ SUPABASE_LOCAL_PORT: 'eighty' })).toThrow(
      /SUPABASE_LOCAL_PORT: "eighty" is not a port number/,
    );
    await expect(loadConfig({ jwtSecret: 'short' })).rejects.toThrow(/at least 32 characters/);
    await expect(
      loadConfig({
        jwtSecret: 'a-different-secret-that-is-long-enough-to-sign',
        anonKey: DEMO_ANON_KEY,
      }),
    ).rejects.toThrow(/ANON_KEY: not a JWT signed with the JWT secret/);
  });
});
