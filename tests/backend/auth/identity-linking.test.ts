// Manual identity linking and signInWithIdToken through the unchanged supabase-js, against the
// development OpenID provider: linkIdentity, unlinkIdentity with GoTrue's refusals, and an ID token
// from the realm verified against its JWKS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingParams, signInAtProvider } from '../helpers/oidc.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const CONFIRM = 'http://localhost:4321/en/auth/confirm/';
const PASSWORD = 'polyglot-demo-2026';

describe('identity linking through supabase-js', () => {
  let server: TestServer;
  let hosts: string[];
  let realm: string;

  beforeAll(async () => {
    server = await startTestServer();
    realm = server.server.standIns[0]?.url ?? '';
    hosts = [new URL(server.url).host, new URL(realm).host];
  });
  afterAll(async () => {
    await server.stop();
  });

  async function signedIn(email: string) {
    const client = server.client({ auth: { flowType: 'pkce' } });
    const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    return client;
  }

  async function linkAs(client: Awaited<ReturnType<typeof signedIn>>, providerEmail: string) {
    const { data, error } = await client.auth.linkIdentity({
      provider: 'keycloak',
      options: { redirectTo: CONFIRM, scopes: 'openid', skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    return signInAtProvider(data.url ?? '', { email: providerEmail, hosts });
  }

  it('links the provider to a member, who then signs in with it after signing out', async () => {
    const client = await signedIn('moderator@example.com');
    const { landing } = await linkAs(client, 'moderator@example.com');
    const exchanged = await client.auth.exchangeCodeForSession(
      landing.searchParams.get('code') ?? '',
    );
    expect(exchanged.error).toBeNull();
    const { data } = await client.auth.getUserIdentities();
    expect(data?.identities.map((identity) => identity.provider).sort()).toEqual([
      'email',
      'keycloak',
    ]);
    const userId = exchanged.data.user?.id;
    await client.auth.signOut();

    const fresh = server.client({ auth: { flowType: 'pkce' } });
    const started = await fresh.auth.signInWithOAuth({
      provider: 'keycloak',
      options: { redirectTo: CONFIRM, scopes: 'openid', skipBrowserRedirect: true },
    });
    const back = await signInAtProvider(started.data.url ?? '', {
      email: 'moderator@example.com',
      hosts,
    });
    const session = await fresh.auth.exchangeCodeForSession(
      back.landing.searchParams.get('code') ?? '',
    );
    expect(session.data.user?.id).toBe(userId);
  });

  it('unlinks the provider, and refuses to unlink the last identity', async () => {
    const client = await signedIn('second@example.com');
    const { landing } = await linkAs(client, 'second@example.com');
    await client.auth.exchangeCodeForSession(landing.searchParams.get('code') ?? '');
    const before = await client.auth.getUserIdentities();
    const keycloak = before.data?.identities.find((identity) => identity.provider === 'keycloak');
    const email = before.data?.identities.find((identity) => identity.provider === 'email');
    if (!keycloak || !email) throw new Error('the member should have both identities');
    expect((await client.auth.unlinkIdentity(keycloak)).error).toBeNull();
    await client.auth.refreshSession();
    const after = await client.auth.getUserIdentities();
    expect(after.data?.identities.map((identity) => identity.provider)).toEqual(['email']);
    const { data: user } = await client.auth.getUser();
    expect(user.user?.app_metadata['providers']).toEqual(['email']);

    const last = await client.auth.unlinkIdentity(email);
    expect(last.error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
    expect(last.error?.message).toBe('User must have at least 1 identity after unlinking');
  });

  it('refuses an identity that belongs to another account with identity_already_exists', async () => {
    // omar@example.org first signs up through the provider; the admin then tries to link that identity.
    const omar = server.client({ auth: { flowType: 'pkce' } });
    const started = await omar.auth.signInWithOAuth({
      provider: 'keycloak',
      options: { redirectTo: CONFIRM, scopes: 'openid', skipBrowserRedirect: true },
    });
    await signInAtProvider(started.data.url ?? '', { email: 'omar@example.org', hosts });
    const admin = await signedIn('admin@example.com');
    const { landing } = await linkAs(admin, 'omar@example.org');
    const params = landingParams(landing);
    expect(params.get('error_code')).toBe('identity_already_exists');
    expect(params.get('error_description')).toBe('Identity is already linked to another user');
    expect((await admin.auth.getUserIdentities()).data?.identities).toHaveLength(1);
  });

  it('needs a session to link', async () => {
    const response = await fetch(
      `${server.url}/auth/v1/user/identities/authorize?provider=keycloak&skip_http_redirect=true`,
      { headers: { apikey: server.anonKey, 'x-supabase-api-version': '2024-01-01' } },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'no_authorization' });
  });
});

/** An ID token from the realm for `email`, as a native app would get it (code flow, openid). */
async function idTokenFor(server: TestServer, realm: string, hosts: string[], email: string) {
  const authorize = new URL(`${realm}/protocol/openid-connect/auth`);
  const redirectUri = `${server.url}/auth/v1/callback`;
  authorize.search = new URLSearchParams({
    client_id: 'polyglot-press',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'test',
  }).toString();
  const apiHost = new URL(server.url).host;
  const { landing } = await signInAtProvider(authorize.href, {
    email,
    hosts: hosts.filter((host) => host !== apiHost),
  });
  const basic = Buffer.from('polyglot-press:polyglot-press-development-secret').toString('base64');
  const response = await fetch(`${realm}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: landing.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
    }),
  });
  const body = (await response.json()) as { id_token?: string };
  return body.id_token ?? '';
}

describe('signInWithIdToken with the realm', () => {
  let server: TestServer;
  let realm: string;
  let hosts: string[];

  beforeAll(async () => {
    server = await startTestServer();
    realm = server.server.standIns[0]?.url ?? '';
    hosts = [new URL(server.url).host, new URL(realm).host];
  });
  afterAll(async () => {
    await server.stop();
  });

  it("signs in with an ID token the realm signed, to the member's account", async () => {
    const token = await idTokenFor(server, realm, hosts, 'member@example.com');
    expect(token.split('.')).toHaveLength(3);
    const { data, error } = await server.client().auth.signInWithIdToken({
      provider: 'keycloak',
      token,
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe('5eed0000-0000-4000-8000-000000000001');
    expect(data.user?.app_metadata['providers']).toEqual(['email', 'keycloak']);
  });

  it('refuses a token whose signature was tampered with', async () => {
    const token = await idTokenFor(server, realm, hosts, 'lena@example.org');
    const [header, payload] = token.split('.');
    const { error } = await server.client().auth.signInWithIdToken({
      provider: 'keycloak',
      token: `${header}.${payload}.${'A'.repeat(342)}`,
    });
    expect(error?.message).toBe('Bad ID token');
  });

  it('refuses a nonce that does not match the one in the token', async () => {
    const token = await idTokenFor(server, realm, hosts, 'lena@example.org');
    const { error } = await server.client().auth.signInWithIdToken({
      provider: 'keycloak',
      token,
      nonce: 'not-the-nonce',
    });
    expect(error?.message).toBe(
      'Passed nonce and nonce in id_token should either both exist or not.',
    );
  });
});
