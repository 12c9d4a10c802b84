// Single sign-on through the unchanged supabase-js against the bundled SAML identity provider: a
// staff member signs in by their work domain, in both of auth-js's flows, with real signed assertions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postToAcs, setGroups, signInAtStandIn, standInUrl } from '../../helpers/saml.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const MODERATOR = 'moderator@newsroom.example';
const EDITOR = 'editor@newsroom.example';
const BACK_TO = 'http://localhost:4321/de/article/x/';

describe('single sign-on through supabase-js and the SAML stand-in', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      settings: { auth: { additional_redirect_urls: ['http://localhost:4321/**'] } },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function profileRole(userId: string) {
    const { rows } = await server.server.db.query<{ role: string }>(
      'select role from public.profiles where id = $1',
      [userId],
    );
    return rows[0]?.role;
  }

  async function signInWithPkce(email: string) {
    const client = server.client({ auth: { flowType: 'pkce' } });
    const { data, error } = await client.auth.signInWithSSO({
      domain: 'newsroom.example',
      options: { redirectTo: BACK_TO },
    });
    expect(error).toBeNull();
    const posted = await signInAtStandIn(data?.url ?? '', email);
    expect(posted.status).toBe(200);
    const back = await postToAcs(server, posted.samlResponse ?? '', posted.relayState ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(BACK_TO);
    const code = back.searchParams.get('code') ?? '';
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    return { client, session: exchanged.data.session };
  }

  it('registers the newsroom provider from supabase/sso at start', async () => {
    const { rows } = await server.server.db.query<{ domain: string }>(
      'select domain from auth.sso_domains',
    );
    expect(rows.map((row) => row.domain)).toContain('newsroom.example');
  });

  it('signs a moderator in by domain (PKCE) as an SSO user with the moderator role', async () => {
    const { session } = await signInWithPkce(MODERATOR);
    const user = session?.user;
    expect(user?.email).toBe(MODERATOR);
    expect(user?.is_sso_user).toBe(true);
    const provider = String(user?.app_metadata['provider']);
    expect(provider).toMatch(/^sso:[0-9a-f-]{36}$/);
    expect(user?.identities?.[0]?.provider).toBe(provider);
    expect(user?.user_metadata['custom_claims']).toMatchObject({
      name: 'Moritz Moderator',
      groups: ['staff', 'moderators'],
    });
    expect(await profileRole(user?.id ?? '')).toBe('moderator');
  });

  it('signs an editor in with the implicit flow: the session arrives in the fragment', async () => {
    const client = server.client();
    const { data } = await client.auth.signInWithSSO({ domain: 'newsroom.example' });
    const posted = await signInAtStandIn(data?.url ?? '', EDITOR);
    const back = await postToAcs(server, posted.samlResponse ?? '', posted.relayState ?? '');
    const fragment = new URLSearchParams(back.hash.slice(1));
    const { data: user } = await client.auth.getUser(fragment.get('access_token') ?? '');
    expect(user.user?.email).toBe(EDITOR);
    expect(await profileRole(user.user?.id ?? '')).toBe('member');
  });

  it('takes the moderator role away at the next sign-in once the group is gone', async () => {
    const first = await signInWithPkce(MODERATOR);
    const id = first.session?.user.id ?? '';
    expect(await profileRole(id)).toBe('moderator');
    await setGroups(server, MODERATOR, ['staff']);
    try {
      const second = await signInWithPkce(MODERATOR);
      expect(second.session?.user.id).toBe(id);
      expect(await profileRole(id)).toBe('member');
    } finally {
      await setGroups(server, MODERATOR, ['staff', 'moderators']);
    }
  });

  it('refuses to change the address or password of an SSO account (user_sso_managed)', async () => {
    const { client } = await signInWithPkce(EDITOR);
    for (const change of [
      { password: 'a-new-password-2026' },
      { email: 'elsewhere@example.com' },
    ]) {
      const { error } = await client.auth.updateUser(change);
      expect(error).toMatchObject({ status: 422, code: 'user_sso_managed' });
    }
    const { error } = await client.auth.updateUser({ data: { locale: 'de' } });
    expect(error).toBeNull();
  });

  it('answers a domain without SSO with sso_provider_not_found', async () => {
    const { data, error } = await server.client().auth.signInWithSSO({ domain: 'example.com' });
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 404, code: 'sso_provider_not_found' });
    expect(error?.message).toBe('No SSO provider assigned for this domain');
  });

  it('keeps an SSO account apart from a member who signed up with the same address', async () => {
    const admin = server.admin();
    const created = await admin.auth.admin.createUser({
      email: EDITOR,
      password: 'another-password-2026',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const { session } = await signInWithPkce(EDITOR);
    expect(session?.user.id).not.toBe(created.data.user?.id);
    expect(session?.user.is_sso_user).toBe(true);
  });

  it('refuses a wrong password at the stand-in, in the language asked for', async () => {
    const { data } = await server.client().auth.signInWithSSO({ domain: 'newsroom.example' });
    const url = new URL(data?.url ?? '');
    url.searchParams.set('lang', 'de');
    const posted = await signInAtStandIn(url.toString(), EDITOR, 'wrong-password');
    expect(posted.status).toBe(401);
    expect(posted.html).toContain('passen zu keiner Person der Redaktion');
    expect(posted.html).toContain('Entwicklungs-Ersatz');
  });

  it("shows the stand-in's page right to left in Arabic, saying it is a development stand-in", async () => {
    const response = await fetch(`${standInUrl(server)}/`, {
      headers: { 'accept-language': 'ar, en;q=0.5' },
    });
    const html = await response.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('بديل تطويري');
  });
});
