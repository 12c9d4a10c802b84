// Responses the ACS must refuse, each signed for real by the stand-in's key (or another one) and then
// spoiled in one way. Every refusal sends the browser to the site with GoTrue's error code, and no
// one is signed in.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  signedResponse,
  standInKeys,
  type AssertionInput,
} from '../../../../local-supabase/stand-ins/saml/response.ts';
import { postToAcs } from '../../helpers/saml.ts';
import { spUrls, startSsoFlow } from '../../helpers/saml-flow.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const PERSON = {
  nameId: 'c0d6b1a2-7e55-4f0e-9a51-0000000000aa',
  attributes: { email: ['intruder@newsroom.example'], groups: ['moderators'] },
};

describe('the ACS refuses responses it must not trust', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  async function signedInCount() {
    const { rows } = await server.server.db.query<{ count: number }>(
      "select count(*)::int as count from auth.users where email = 'intruder@newsroom.example'",
    );
    return rows[0]?.count ?? 0;
  }

  /** A fresh SP-initiated flow answered by `spoil(response)`; the ACS's redirect. */
  async function answer(
    overrides: Partial<AssertionInput> = {},
    spoil: (xml: string) => string = (xml) => xml,
  ) {
    const flow = await startSsoFlow(server);
    const xml = signedResponse({
      ...spUrls(server),
      ...PERSON,
      inResponseTo: flow.requestId,
      ...overrides,
    });
    return postToAcs(server, Buffer.from(spoil(xml)).toString('base64'), flow.relayState);
  }

  function expectRefused(back: URL, code: string, description?: RegExp) {
    expect(`${back.origin}${back.pathname}`).toBe(`${server.server.config.auth.site_url}/`);
    expect(back.searchParams.get('error_code')).toBe(code);
    if (description) expect(back.searchParams.get('error_description')).toMatch(description);
  }

  it('accepts the untouched response (the baseline every case below spoils)', async () => {
    const back = await answer();
    expect(back.hash).toContain('access_token=');
    const { rows } = await server.server.db.query(
      "delete from auth.users where email = 'intruder@newsroom.example' returning id",
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses an assertion altered after signing (a group added)', async () => {
    const back = await answer({ attributes: { ...PERSON.attributes, groups: ['staff'] } }, (xml) =>
      xml.replace('>staff<', '>moderators<'),
    );
    expectRefused(back, 'validation_failed', /^SAML Assertion is not valid: /);
    expect(await signedInCount()).toBe(0);
  });

  it('refuses an assertion signed with a key the metadata does not name', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const back = await answer({
      keys: {
        privateKey: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        certificate: standInKeys().certificate,
      },
    });
    expectRefused(back, 'validation_failed', /signature/i);
    expect(await signedInCount()).toBe(0);
  });

  it('refuses an expired assertion', async () => {
    const back = await answer({ issuedAt: new Date(Date.now() - 15 * 60_000) });
    // node-saml finds no subject confirmation still within its window (NotOnOrAfter passed).
    expectRefused(back, 'validation_failed', /expired|No valid subject confirmation/);
    expect(await signedInCount()).toBe(0);
  });

  it('refuses an assertion meant for another service provider (audience)', async () => {
    const back = await answer({ audience: 'https://elsewhere.example/saml/metadata' });
    expectRefused(back, 'validation_failed', /audience/i);
    expect(await signedInCount()).toBe(0);
  });

  it('refuses an assertion addressed to another ACS (recipient)', async () => {
    const back = await answer({ recipient: 'https://elsewhere.example/saml/acs' });
    expectRefused(back, 'validation_failed', /Recipient/);
    expect(await signedInCount()).toBe(0);
  });

  it('refuses a response to another request (InResponseTo)', async () => {
    const back = await answer({ inResponseTo: '_not-the-request-we-sent' });
    expectRefused(back, 'validation_failed', /InResponseTo/);
    expect(await signedInCount()).toBe(0);
  });

  it('refuses a response posted a second time (replay of the relay state)', async () => {
    const flow = await startSsoFlow(server);
    const xml = signedResponse({ ...spUrls(server), ...PERSON, inResponseTo: flow.requestId });
    const encoded = Buffer.from(xml).toString('base64');
    const first = await postToAcs(server, encoded, flow.relayState);
    expect(first.hash).toContain('access_token=');
    const second = await postToAcs(server, encoded, flow.relayState);
    expectRefused(second, 'saml_relay_state_not_found');
    await server.server.db.query(
      "delete from auth.users where email = 'intruder@newsroom.example'",
    );
  });

  it('refuses an unsolicited assertion posted a second time (used assertion ID)', async () => {
    const xml = signedResponse({ ...spUrls(server), ...PERSON });
    const encoded = Buffer.from(xml).toString('base64');
    const first = await postToAcs(server, encoded, '');
    expect(first.hash).toContain('access_token=');
    const second = await postToAcs(server, encoded, '');
    expectRefused(second, 'validation_failed', /already used/);
    await server.server.db.query(
      "delete from auth.users where email = 'intruder@newsroom.example'",
    );
  });

  it('refuses an unsolicited assertion posted again after its NotOnOrAfter, within the clock skew', async () => {
    // Valid until a minute ago; node-saml still takes it for the 3-minute skew.
    const issuedAt = new Date(Date.now() - 6 * 60_000);
    const encoded = Buffer.from(
      signedResponse({ ...spUrls(server), ...PERSON, issuedAt }),
    ).toString('base64');
    const first = await postToAcs(server, encoded, '');
    expect(first.hash).toContain('access_token=');
    const second = await postToAcs(server, encoded, '');
    expectRefused(second, 'validation_failed', /already used/);
    await server.server.db.query(
      "delete from auth.users where email = 'intruder@newsroom.example'",
    );
  });

  it('keeps a used assertion ID until NotOnOrAfter plus the skew, whatever other sign-ins clean', async () => {
    const issuedAt = new Date();
    const xml = signedResponse({ ...spUrls(server), ...PERSON, issuedAt });
    const id = /<saml:Assertion [^>]*\bID="([^"]+)"/.exec(xml)?.[1];
    const encoded = Buffer.from(xml).toString('base64');
    expect((await postToAcs(server, encoded, '')).hash).toContain('access_token=');
    const { rows } = await server.server.db.query<{ until: string }>(
      'select expires_at as until from auth.saml_used_assertions where assertion_id = $1',
      [id],
    );
    const notOnOrAfter = issuedAt.getTime() + 5 * 60_000;
    expect(new Date(rows[0]?.until ?? 0).getTime()).toBe(notOnOrAfter + 3 * 60_000);

    // This process's clock moved to ten seconds before the skew runs out: another person's sign-in
    // (which drops the records past their time) leaves it, and the assertion is still refused.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(notOnOrAfter + 3 * 60_000 - 10_000);
      const other = signedResponse({
        ...spUrls(server),
        nameId: 'c0d6b1a2-7e55-4f0e-9a51-0000000000bb',
        attributes: { email: ['other@newsroom.example'] },
        issuedAt,
      });
      expect((await postToAcs(server, Buffer.from(other).toString('base64'), '')).hash).toContain(
        'access_token=',
      );
      const again = await postToAcs(server, encoded, '');
      expectRefused(again, 'validation_failed', /already used/);
    } finally {
      vi.useRealTimers();
    }
    await server.server.db.query(
      "delete from auth.users where email in ('intruder@newsroom.example', 'other@newsroom.example')",
    );
  });

  it('refuses an assertion that names no NotOnOrAfter (its ID could not be kept long enough)', async () => {
    const flow = await startSsoFlow(server);
    const xml = signedResponse({
      ...spUrls(server),
      ...PERSON,
      inResponseTo: flow.requestId,
      withoutEnd: true,
    });
    const back = await postToAcs(server, Buffer.from(xml).toString('base64'), flow.relayState);
    expectRefused(back, 'validation_failed', /NotOnOrAfter/);
    expect(await signedInCount()).toBe(0);
  });

  it('refuses an assertion without a persistent identifier (transient NameID)', async () => {
    const back = await answer({
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
    });
    expectRefused(back, 'saml_assertion_no_user_id');
    expect(await signedInCount()).toBe(0);
  });

  it('refuses an assertion without an address', async () => {
    const back = await answer({ attributes: { groups: ['moderators'] } });
    expectRefused(back, 'saml_assertion_no_email');
  });

  it('refuses a response that comes back after the relay state expired', async () => {
    const flow = await startSsoFlow(server);
    await server.server.db.query(
      "update auth.saml_relay_states set created_at = now() - interval '3 minutes' where id = $1",
      [flow.relayState],
    );
    const xml = signedResponse({ ...spUrls(server), ...PERSON, inResponseTo: flow.requestId });
    const back = await postToAcs(server, Buffer.from(xml).toString('base64'), flow.relayState);
    expectRefused(back, 'saml_relay_state_expired');
    expect(await signedInCount()).toBe(0);
  });

  it('refuses an unsolicited response from an identity provider it has no connection with', async () => {
    const xml = signedResponse({ ...spUrls(server), ...PERSON, issuer: 'urn:unknown:idp' });
    const back = await postToAcs(server, Buffer.from(xml).toString('base64'), '');
    expectRefused(back, 'saml_idp_not_found');
  });
});
