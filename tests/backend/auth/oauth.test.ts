// Sign-in through an OAuth provider (the development OpenID provider posing as a Keycloak realm)
// through the unchanged supabase-js: /authorize, the provider's form, /callback, and the session the
// site gets, for a new person, an existing member, PKCE and implicit flows, and GoTrue's errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingParams, signInAtProvider } from '../helpers/oidc.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const SITE = 'http://localhost:4321';
const CONFIRM = `${SITE}/de/auth/confirm/`;
const MEMBER_ID = '5eed0000-0000-4000-8000-000000000001';

describe('provider sign-in through supabase-js', () => {
  let server: TestServer;
  let hosts: string[];

  beforeAll(async () => {
    server = await startTestServer();
    const realm = server.server.standIns[0]?.url ?? '';
    hosts = [new URL(server.url).host, new URL(realm).host];
  });
  afterAll(async () => {
    await server.stop();
  });

  async function authorizeUrl(flowType: 'pkce' | 'implicit', redirectTo = CONFIRM) {
    const client = server.client({ auth: { flowType } });
    const { data, error } = await client.auth.signInWithOAuth({
      provider: 'keycloak',
      options: {
        redirectTo,
        scopes: 'openid',
        skipBrowserRedirect: true,
        queryParams: { ui_locales: 'de' },
      },
    });
    expect(error).toBeNull();
    return { client, url: data.url ?? '' };
  }

  it('starts with the development provider running and Keycloak listed as enabled', async () => {
    // The SAML identity provider of the newsroom runs beside it (supabase/sso/newsroom.json).
    expect(server.server.standIns.map((standIn) => standIn.title)).toContain(
      'OpenID provider (Keycloak realm)',
    );
    const settings = await fetch(`${server.url}/auth/v1/settings`, {
      headers: { apikey: server.anonKey },
    });
    const body = (await settings.json()) as { external: Record<string, boolean> };
    expect(body.external['keycloak']).toBe(true);
    expect(body.external['github']).toBe(false);
  });

  it('creates an account for a person the site has never seen (PKCE)', async () => {
    const { client, url } = await authorizeUrl('pkce');
    const { landing, formHtml } = await signInAtProvider(url, {
      email: 'lena@example.org',
      hosts,
    });
    expect(formHtml).toContain('lang="de"');
    expect(formHtml).toContain('Entwicklungs-Platzhalter');
    expect(`${landing.origin}${landing.pathname}`).toBe(CONFIRM);
    const code = landing.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    const user = data.user;
    expect(user?.email).toBe('lena@example.org');
    expect(user?.email_confirmed_at).toBeTruthy();
    expect(user?.app_metadata).toMatchObject({ provider: 'keycloak', providers: ['keycloak'] });
    expect(user?.identities).toHaveLength(1);
    expect(user?.identities?.[0]).toMatchObject({
      provider: 'keycloak',
      id: '0a1d0000-0000-4000-8000-000000000011',
      identity_data: {
        sub: '0a1d0000-0000-4000-8000-000000000011',
        email: 'lena@example.org',
        email_verified: true,
        full_name: 'Lena Okafor',
      },
    });
    expect(data.session?.provider_token).toBeTruthy();
    // The profile trigger named the new member after the provider's full name.
    const profile = await client
      .from('profiles')
      .select('display_name')
      .eq('id', user?.id ?? '');
    expect(profile.data).toEqual([{ display_name: 'Lena Okafor' }]);
  });

  it('signs the same person in again to the same account', async () => {
    const first = await authorizeUrl('pkce');
    const one = await signInAtProvider(first.url, { email: 'lena@example.org', hosts });
    const a = await first.client.auth.exchangeCodeForSession(
      one.landing.searchParams.get('code') ?? '',
    );
    const second = await authorizeUrl('pkce');
    const two = await signInAtProvider(second.url, { email: 'lena@example.org', hosts });
    const b = await second.client.auth.exchangeCodeForSession(
      two.landing.searchParams.get('code') ?? '',
    );
    expect(b.data.user?.id).toBe(a.data.user?.id);
    expect(b.data.user?.identities).toHaveLength(1);
  });

  it("links an existing member's verified address to their account (implicit flow)", async () => {
    const { url } = await authorizeUrl('implicit');
    const { landing } = await signInAtProvider(url, { email: 'member@example.com', hosts });
    const params = new URLSearchParams(landing.hash.slice(1));
    expect(params.get('token_type')).toBe('bearer');
    expect(params.get('provider_token')).toBeTruthy();
    const client = server.client();
    const { data, error } = await client.auth.setSession({
      access_token: params.get('access_token') ?? '',
      refresh_token: params.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(MEMBER_ID);
    expect(data.user?.app_metadata['providers']).toEqual(['email', 'keycloak']);
    expect(data.user?.identities?.map((identity) => identity.provider).sort()).toEqual([
      'email',
      'keycloak',
    ]);
    // The member's own metadata stays (the provider's claims are merged in, as GoTrue does).
    expect(data.user?.user_metadata).toMatchObject({ locale: 'en', full_name: 'Mina Member' });
    // Their password still works.
    const password = await server.client().auth.signInWithPassword({
      email: 'member@example.com',
      password: 'polyglot-demo-2026',
    });
    expect(password.error).toBeNull();
  });

  it('takes over an unconfirmed sign-up of the same address and shuts its password out', async () => {
    // Someone signed up with yuki's address but never confirmed it: the provider's verified
    // address wins, and the password set by whoever signed up no longer opens the account.
    const squatter = server.client();
    const signUp = await squatter.auth.signUp({
      email: 'yuki@example.org',
      password: 'squatter-password-1',
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.user?.email_confirmed_at).toBeFalsy();
    const { client, url } = await authorizeUrl('pkce');
    const { landing } = await signInAtProvider(url, { email: 'yuki@example.org', hosts });
    const { data } = await client.auth.exchangeCodeForSession(
      landing.searchParams.get('code') ?? '',
    );
    expect(data.user?.id).toBe(signUp.data.user?.id);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['keycloak']);
    const password = await server.client().auth.signInWithPassword({
      email: 'yuki@example.org',
      password: 'squatter-password-1',
    });
    expect(password.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('sends a cancelled sign-in back to redirect_to with access_denied', async () => {
    const { url } = await authorizeUrl('pkce');
    const { landing } = await signInAtProvider(url, { cancel: true, hosts });
    expect(`${landing.origin}${landing.pathname}`).toBe(CONFIRM);
    expect(landing.searchParams.get('error')).toBe('access_denied');
    expect(new URLSearchParams(landing.hash.slice(1)).get('error')).toBe('access_denied');
    expect(landingParams(landing).get('error_description')).toBe('End-User aborted interaction');
  });

  it("shows the provider's form as a stand-in, in Arabic right to left, and keeps the address after a wrong password", async () => {
    const realm = server.server.standIns[0]?.url ?? '';
    const authorize = new URL(`${realm}/protocol/openid-connect/auth`);
    authorize.search = new URLSearchParams({
      client_id: 'polyglot-press',
      redirect_uri: `${server.url}/auth/v1/callback`,
      response_type: 'code',
      scope: 'openid',
      state: 'test',
      ui_locales: 'ar-EG en',
    }).toString();
    const started = await fetch(authorize, { redirect: 'manual' });
    const cookie = started.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const formUrl = new URL(started.headers.get('location') ?? '', realm);
    const form = await (await fetch(formUrl, { headers: { cookie } })).text();
    expect(form).toContain('<html lang="ar" dir="rtl">');
    expect(form).toContain('بديل للتطوير');
    expect(form).toMatch(/<label for="email">[^<]+<\/label>/);
    expect(form).toMatch(/<label for="password">[^<]+<\/label>/);
    const wrong = await fetch(`${formUrl.href}/login`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'lena@example.org', password: 'not-the-password' }),
    });
    expect(wrong.status).toBe(401);
    const again = await wrong.text();
    expect(again).toContain('role="alert"');
    expect(again).toContain('value="lena@example.org"');
  });

  it('sends a forged state to the site URL with bad_oauth_state', async () => {
    const response = await fetch(`${server.url}/auth/v1/callback?code=x&state=forged`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/`);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_code')).toBe('bad_oauth_state');
  });

  it('refuses an unknown or unavailable provider at /authorize as GoTrue does', async () => {
    const client = server.client();
    for (const [provider, reason] of [
      ['github', 'provider is not enabled'],
      ['myspace', 'Provider myspace could not be found'],
    ] as const) {
      const { data } = await client.auth.signInWithOAuth({
        // @ts-expect-error -- an unknown provider name on purpose
        provider,
        options: { skipBrowserRedirect: true },
      });
      const response = await fetch(data.url ?? '', {
        redirect: 'manual',
        headers: { 'x-supabase-api-version': '2024-01-01' },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: 'validation_failed',
        message: `Unsupported provider: ${reason}`,
      });
    }
  });

  it('sends a sign-in whose provider was switched off meanwhile back with oauth_provider_not_supported', async () => {
    const { url } = await authorizeUrl('pkce');
    const toProvider = (await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '';
    const keycloak = server.server.config.auth.external.keycloak;
    keycloak.enabled = false;
    try {
      const { landing } = await signInAtProvider(toProvider, {
        email: 'member@example.com',
        hosts,
      });
      expect(`${landing.origin}${landing.pathname}`).toBe(CONFIRM);
      const params = landingParams(landing);
      expect(params.get('error')).toBe('invalid_request');
      expect(params.get('error_code')).toBe('oauth_provider_not_supported');
      expect(params.get('error_description')).toBe('Unsupported provider: provider is not enabled');
    } finally {
      keycloak.enabled = true;
    }
  });

  it('sends a redirect_to that is not allowed to the site URL instead', async () => {
    const { url } = await authorizeUrl('pkce', 'https://evil.example/steal');
    const { landing } = await signInAtProvider(url, { email: 'omar@example.org', hosts });
    expect(landing.origin).toBe(SITE);
    expect(landing.searchParams.get('code')).toBeTruthy();
  });
});

describe('a provider switched off in config.toml', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      settings: { auth: { external: { keycloak: { enabled: false } } } },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('starts no development provider, lists none and refuses /authorize', async () => {
    expect(server.server.standIns.map((standIn) => standIn.title)).not.toContain(
      'OpenID provider (Keycloak realm)',
    );
    const settings = await fetch(`${server.url}/auth/v1/settings`, {
      headers: { apikey: server.anonKey },
    });
    const body = (await settings.json()) as { external: Record<string, boolean> };
    expect(body.external['keycloak']).toBe(false);
    const response = await fetch(`${server.url}/auth/v1/authorize?provider=keycloak`, {
      redirect: 'manual',
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    });
  });
});
