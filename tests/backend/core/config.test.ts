import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  readEnvOverrides,
} from '../../../local-supabase/config/config.ts';
import { DEMO_ANON_KEY } from '../../../local-supabase/config/defaults.ts';

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

  it('fails with every problem named when keys are unknown or values invalid', async () => {
    const path = await configFile(`
      [auth]
      jwt_expiry_seconds = 10
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
    expect(message).toContain('auth.jwt_expiry_seconds: not a setting the Supabase CLI knows');
    expect(message).toContain('auth.minimum_password_length');
    expect(message).toContain('auth.site_url');
    expect(message).toContain('auth.email.max_frequency: "soon" is not a duration');
    expect(message).toContain('inbucket.port');
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

  it('takes the site URL for e-mail links from SITE_URL, like the site itself', async () => {
    const config = await loadConfig(readEnvOverrides({ SITE_URL: 'http://127.0.0.1:8080' }));
    expect(config.auth.site_url).toBe('http://127.0.0.1:8080');
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
