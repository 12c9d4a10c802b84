// What anyone can post to the ACS without a key: a form far larger than a SAML response is refused
// unread, and a response built to make XML parsing slow is read off the event loop, so the rest of
// the backend keeps answering while it is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACS_MAX_BODY_BYTES } from '../../../../local-supabase/auth/routes/sso.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

describe('the ACS against hostile bodies', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  function post(samlResponse: string) {
    return fetch(`${server.url}/auth/v1/sso/saml/acs`, {
      method: 'POST',
      body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }),
      redirect: 'manual',
    });
  }

  function errorOf(response: Response) {
    const location = new URL(response.headers.get('location') ?? '');
    return {
      site: `${location.origin}${location.pathname}`,
      code: location.searchParams.get('error_code'),
    };
  }

  it('refuses a form larger than a signed response needs, unread, at the site with the code', async () => {
    const response = await post('A'.repeat(ACS_MAX_BODY_BYTES + 1));
    expect(response.status).toBe(303);
    expect(errorOf(response)).toEqual({
      site: `${server.server.config.auth.site_url}/`,
      code: 'request_too_large',
    });
  });

  it('keeps answering /health while it refuses a response of repeated "<Issuer"', async () => {
    const hostile = Buffer.from('<Issuer'.repeat(6000)).toString('base64');
    expect(hostile.length).toBeLessThan(ACS_MAX_BODY_BYTES - 100);
    const finished: string[] = [];
    const acs = post(hostile).then((response) => {
      finished.push('acs');
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const health = await fetch(`${server.url}/health`);
    finished.push('health');
    expect(health.status).toBe(200);
    const refused = await acs;
    expect(finished).toEqual(['health', 'acs']);
    expect(errorOf(refused).code).toBe('validation_failed');
  });
});
