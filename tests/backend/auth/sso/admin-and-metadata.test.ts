// The admin API for SSO providers (auth-js 2.119 has no methods for it, so plain requests with the
// service key, as the Supabase CLI and dashboard send them) and the service provider's metadata.
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInMetadata } from '../../../../local-supabase/stand-ins/saml/response.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const OTHER_IDP = standInMetadata('https://idp.other.example/sso').replace(
  'urn:polyglot-press:saml-stand-in',
  'https://idp.other.example/metadata',
);

describe('SSO providers through the admin API', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  async function call(method: string, path: string, body?: unknown, key = server.serviceKey) {
    const response = await fetch(`${server.url}/auth/v1/admin/sso/providers${path}`, {
      method,
      headers: {
        apikey: key,
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  it('lists the provider registered from supabase/sso, without its metadata XML', async () => {
    const { status, json } = await call('GET', '');
    expect(status).toBe(200);
    const items = json['items'] as { saml: Record<string, unknown>; domains: unknown[] }[];
    expect(items).toHaveLength(1);
    expect(items[0]?.saml['entity_id']).toBe('urn:polyglot-press:saml-stand-in');
    expect(items[0]?.saml).not.toHaveProperty('metadata_xml');
    expect(items[0]?.domains).toEqual([{ domain: 'newsroom.example' }]);
  });

  it('refuses the anon key', async () => {
    const { status, json } = await call('GET', '', undefined, server.anonKey);
    expect(status).toBe(403);
    expect(json['code']).toBe('not_admin');
  });

  it('creates, reads, updates and deletes a provider', async () => {
    const created = await call('POST', '', {
      type: 'saml',
      metadata_xml: OTHER_IDP,
      domains: ['other.example'],
      attribute_mapping: { keys: { groups: { name: 'memberOf', array: true } } },
    });
    expect(created.status).toBe(201);
    const id = String(created.json['id']);
    expect(created.json['saml']).toMatchObject({ entity_id: 'https://idp.other.example/metadata' });

    const read = await call('GET', `/${id}`);
    expect(read.json['domains']).toEqual([{ domain: 'other.example' }]);

    const updated = await call('PUT', `/${id}`, { domains: ['other.example', 'other.test'] });
    expect(updated.status).toBe(200);
    expect(updated.json['domains']).toEqual([
      { domain: 'other.example' },
      { domain: 'other.test' },
    ]);

    const sso = await server.client().auth.signInWithSSO({ domain: 'other.test' });
    expect(sso.data?.url).toMatch(/^https:\/\/idp\.other\.example\/sso\?SAMLRequest=/);
    expect(new URL(sso.data?.url ?? '').searchParams.get('Signature')).toBeTruthy();

    const deleted = await call('DELETE', `/${id}`);
    expect(deleted.status).toBe(200);
    const gone = await call('GET', `/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({
      code: 'sso_provider_not_found',
      message: 'SSO Identity Provider not found',
    });
  });

  it("answers bad input with GoTrue's codes and messages", async () => {
    const cases: [unknown, number, string, string][] = [
      [{ type: 'oidc' }, 400, 'validation_failed', "Only 'saml' supported for SSO provider type"],
      [
        { type: 'saml' },
        400,
        'validation_failed',
        'Either metadata_xml or metadata_url must be set',
      ],
      [
        { type: 'saml', metadata_url: 'http://idp.example/metadata' },
        400,
        'validation_failed',
        'metadata_url is not a HTTPS URL',
      ],
      [
        {
          type: 'saml',
          metadata_xml:
            '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
        },
        400,
        'validation_failed',
        'SAML Metadata does not contain any IDPSSODescriptor',
      ],
      [
        { type: 'saml', metadata_xml: standInMetadata('https://x.example/sso') },
        422,
        'saml_idp_already_exists',
        'SAML Identity Provider with this EntityID (urn:polyglot-press:saml-stand-in) already exists',
      ],
    ];
    for (const [body, status, code, message] of cases) {
      const answer = await call('POST', '', body);
      expect({ status: answer.status, ...answer.json }).toEqual({ status, code, message });
    }
    const taken = await call('POST', '', {
      type: 'saml',
      metadata_xml: OTHER_IDP,
      domains: ['newsroom.example'],
    });
    expect(taken.status).toBe(400);
    expect(taken.json['code']).toBe('sso_domain_already_exists');
  });
});

describe('the service provider metadata', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is valid SAML metadata naming the ACS and a signing certificate, without an API key', async () => {
    const response = await fetch(`${server.url}/auth/v1/sso/saml/metadata`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    const problems: string[] = [];
    const document = new DOMParser({
      errorHandler: (level: string, message: unknown) => {
        if (level !== 'warning') problems.push(String(message));
      },
    }).parseFromString(await response.text(), 'application/xml');
    expect(problems).toEqual([]);
    const md = 'urn:oasis:names:tc:SAML:2.0:metadata';
    const root = document.documentElement;
    expect(root.localName).toBe('EntityDescriptor');
    expect(root.getAttribute('entityID')).toBe(`${server.url}/auth/v1/sso/saml/metadata`);
    const acs = root.getElementsByTagNameNS(md, 'AssertionConsumerService')[0];
    expect(acs?.getAttribute('Location')).toBe(`${server.url}/auth/v1/sso/saml/acs`);
    expect(acs?.getAttribute('Binding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    const certificates = root.getElementsByTagNameNS(
      'http://www.w3.org/2000/09/xmldsig#',
      'X509Certificate',
    );
    expect(certificates.length).toBeGreaterThan(0);
  });

  it('is offered as a file with ?download=true', async () => {
    const response = await fetch(`${server.url}/auth/v1/sso/saml/metadata?download=true`);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="metadata.xml"');
  });
});
