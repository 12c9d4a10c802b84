// What `/auth/v1/settings` reports follows the configuration that decides the same features: SAML
// single sign-on (`[auth.saml]`, whose routes answer GoTrue's 404 when it is off) and anonymous
// sign-ins (`enable_anonymous_sign_ins`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

async function settingsOf(server: TestServer) {
  const response = await fetch(`${server.url}/auth/v1/settings`, {
    headers: { apikey: server.anonKey },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    saml_enabled: boolean;
    external: Record<string, boolean>;
  };
}

describe('auth settings and the switches behind them', () => {
  /** The project's config.toml (SAML on) with anonymous sign-ins on. */
  let project: TestServer;
  /** SAML off, as the auth client's own test suite configures GoTrue. */
  let samlOff: TestServer;

  beforeAll(async () => {
    project = await startTestServer({ settings: { auth: { enable_anonymous_sign_ins: true } } });
    samlOff = await startTestServer({ settings: { auth: { saml: { enabled: false } } } });
  });
  afterAll(async () => {
    await project.stop();
    await samlOff.stop();
  });

  it('reports SAML and anonymous sign-ins as configured', async () => {
    const on = await settingsOf(project);
    expect(on.saml_enabled).toBe(true);
    expect(on.external['anonymous_users']).toBe(true);
    expect(on.external['keycloak']).toBe(true);
    const off = await settingsOf(samlOff);
    expect(off.saml_enabled).toBe(false);
    expect(off.external['anonymous_users']).toBe(false);
  });

  it('answers single sign-on with SAML 2.0 is disabled when [auth.saml] is off', async () => {
    const { data, error } = await samlOff.client().auth.signInWithSSO({ providerId: 'not-a-uuid' });
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 404, code: 'saml_provider_disabled' });
    expect(error?.message).toBe('SAML 2.0 is disabled');
    const byDomain = await samlOff.client().auth.signInWithSSO({ domain: 'newsroom.example' });
    expect(byDomain.error).toMatchObject({ status: 404, code: 'saml_provider_disabled' });
    const metadata = await fetch(`${samlOff.url}/auth/v1/sso/saml/metadata`, {
      headers: { apikey: samlOff.anonKey },
    });
    expect(metadata.status).toBe(404);
    const listed = await fetch(`${samlOff.url}/auth/v1/admin/sso/providers`, {
      headers: { apikey: samlOff.serviceKey, authorization: `Bearer ${samlOff.serviceKey}` },
    });
    expect(listed.status).toBe(404);
    expect(await listed.json()).toMatchObject({ error_code: 'saml_provider_disabled' });
  });

  it('starts single sign-on when [auth.saml] is on (the project’s setting)', async () => {
    const { data, error } = await project.client().auth.signInWithSSO({
      domain: 'newsroom.example',
    });
    expect(error).toBeNull();
    expect(data?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sso/);
  });
});
