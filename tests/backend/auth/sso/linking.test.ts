// SAML and provider sign-in store people by one rule (local-supabase/auth/identities.ts, GoTrue's
// DetermineAccountLinking): each SSO provider is its own linking domain, apart from every account
// made another way. Responses are signed for real by the stand-in's key and posted unsolicited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimFlowState,
  createExternalFlowState,
} from '../../../../local-supabase/auth/flow-state.ts';
import { ServiceError } from '../../../../local-supabase/http/errors.ts';
import { signedResponse } from '../../../../local-supabase/stand-ins/saml/response.ts';
import { signInAtProvider } from '../../helpers/oidc.ts';
import { postToAcs } from '../../helpers/saml.ts';
import { spUrls } from '../../helpers/saml-flow.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('one linking rule for single sign-on and provider sign-in', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  /** Posts an unsolicited response about `nameId` to the ACS; where the browser is sent. */
  function respond(nameId: string, email: string) {
    const xml = signedResponse({
      ...spUrls(server),
      nameId,
      attributes: { email: [email], groups: ['staff'] },
    });
    return postToAcs(server, Buffer.from(xml).toString('base64'), '');
  }

  /** The user behind the session the ACS put in the fragment. */
  async function signedInUser(back: URL) {
    const fragment = new URLSearchParams(back.hash.slice(1));
    const { data, error } = await server.client().auth.getUser(fragment.get('access_token') ?? '');
    expect(error).toBeNull();
    return data.user;
  }

  it("finds the member's own account at a Keycloak sign-in, never the SSO account of the address", async () => {
    const sso = await signedInUser(
      await respond('5a4e0000-0000-4000-8000-0000000000b1', 'yuki@example.org'),
    );
    expect(sso?.is_sso_user).toBe(true);
    expect(sso?.app_metadata['providers']).toEqual([sso?.app_metadata['provider']]);
    const client = server.client({ auth: { flowType: 'pkce' } });
    const { data } = await client.auth.signInWithOAuth({
      provider: 'keycloak',
      options: { scopes: 'openid', skipBrowserRedirect: true },
    });
    const realm = server.server.standIns[0]?.url ?? '';
    const { landing } = await signInAtProvider(data.url ?? '', {
      email: 'yuki@example.org',
      hosts: [new URL(server.url).host, new URL(realm).host],
    });
    const exchanged = await client.auth.exchangeCodeForSession(
      landing.searchParams.get('code') ?? '',
    );
    expect(exchanged.error).toBeNull();
    const member = exchanged.data.user;
    expect(member?.id).not.toBe(sso?.id);
    expect(member?.is_sso_user).toBe(false);
    expect(member?.app_metadata['providers']).toEqual(['keycloak']);
    // And the SSO sign-in still finds its own account afterwards.
    const again = await signedInUser(
      await respond('5a4e0000-0000-4000-8000-0000000000b1', 'yuki@example.org'),
    );
    expect(again?.id).toBe(sso?.id);
  });

  it("links a second identity with the same address at the same provider to that provider's account", async () => {
    const first = await signedInUser(
      await respond('5a4e0000-0000-4000-8000-0000000000c1', 'carla@newsroom.example'),
    );
    const second = await signedInUser(
      await respond('5a4e0000-0000-4000-8000-0000000000c2', 'carla@newsroom.example'),
    );
    expect(second?.id).toBe(first?.id);
    expect(second?.identities?.map((identity) => identity.id).sort()).toEqual([
      '5a4e0000-0000-4000-8000-0000000000c1',
      '5a4e0000-0000-4000-8000-0000000000c2',
    ]);
  });

  it('keeps the account and its address when the address changes at the identity provider', async () => {
    const before = await signedInUser(
      await respond('5a4e0000-0000-4000-8000-0000000000d1', 'dana@newsroom.example'),
    );
    const after = await signedInUser(
      await respond('5a4e0000-0000-4000-8000-0000000000d1', 'dana.new@newsroom.example'),
    );
    expect(after?.id).toBe(before?.id);
    // As GoTrue: the identity follows the provider, the account's address is changed only by the
    // person (for an SSO account, not at all: user_sso_managed).
    expect(after?.email).toBe('dana@newsroom.example');
    expect(after?.identities?.[0]?.identity_data?.['email']).toBe('dana.new@newsroom.example');
  });

  it('sends a banned SSO member back to the site with access_denied and no session', async () => {
    const user = await signedInUser(
      await respond('5a4e0000-0000-4000-8000-0000000000e1', 'erik@newsroom.example'),
    );
    const banned = await server
      .admin()
      .auth.admin.updateUserById(user?.id ?? '', { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    const back = await respond('5a4e0000-0000-4000-8000-0000000000e1', 'erik@newsroom.example');
    expect(`${back.origin}${back.pathname}`).toBe(`${server.server.config.auth.site_url}/`);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_code')).toBe('user_banned');
    expect(back.hash).toBe('');
  });

  it('lets one PKCE flow sign in one person only', async () => {
    const user = await signedInUser(
      await respond('5a4e0000-0000-4000-8000-0000000000f1', 'fritz@newsroom.example'),
    );
    const userId = user?.id ?? '';
    const outcome = await server.server.db.transaction(async (tx) => {
      const flow = await createExternalFlowState(tx, 'sso/saml', 'sso/saml', 's256', CHALLENGE);
      const code = await claimFlowState(tx, flow, userId);
      const again = await claimFlowState(tx, flow, userId).catch((error: unknown) => error);
      return { code, again };
    });
    expect(outcome.code).not.toBe('');
    expect(outcome.again).toBeInstanceOf(ServiceError);
    expect(outcome.again).toMatchObject({ status: 400, code: 'flow_state_already_used' });
  });
});
