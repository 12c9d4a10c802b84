// Drives the SAML stand-in as a browser would: opens the URL signInWithSSO gave, signs in on the
// stand-in's form, and posts the signed response it answers with to the ACS. Returns where the ACS
// sent the browser.
import type { TestServer } from './server.ts';

export const STAFF_PASSWORD = 'polyglot-demo-2026';

function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1] && match?.[1] !== '') throw new Error(`no ${name} field in the page`);
  return match[1]
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function standInUrl(server: TestServer): string {
  const standIn = server.server.standIns.find((running) => running.saml);
  if (!standIn) throw new Error('the SAML stand-in is not running');
  return standIn.url;
}

/** The SAMLResponse and RelayState the stand-in posts after a sign-in on its form. */
export async function signInAtStandIn(
  ssoUrl: string,
  email: string,
  password = STAFF_PASSWORD,
): Promise<{ status: number; html: string; samlResponse?: string; relayState?: string }> {
  const page = await fetch(ssoUrl);
  const html = await page.text();
  if (page.status !== 200) return { status: page.status, html };
  const origin = new URL(ssoUrl).origin;
  const answer = await fetch(`${origin}/sso/login`, {
    method: 'POST',
    body: new URLSearchParams({
      lang: hiddenField(html, 'lang'),
      request: hiddenField(html, 'request'),
      RelayState: hiddenField(html, 'RelayState'),
      email,
      password,
    }),
  });
  const posted = await answer.text();
  if (answer.status !== 200) return { status: answer.status, html: posted };
  return {
    status: 200,
    html: posted,
    samlResponse: hiddenField(posted, 'SAMLResponse'),
    relayState: hiddenField(posted, 'RelayState'),
  };
}

/** Posts a response to the ACS as the browser's form would; answers the redirect's Location. */
export async function postToAcs(
  server: TestServer,
  samlResponse: string,
  relayState: string,
): Promise<URL> {
  const response = await fetch(`${server.url}/auth/v1/sso/saml/acs`, {
    method: 'POST',
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (!location) throw new Error(`the ACS answered ${response.status} without a redirect`);
  return new URL(location);
}

/** Sets a person's groups at the stand-in (its test seam). */
export async function setGroups(server: TestServer, email: string, groups: string[]) {
  const response = await fetch(`${standInUrl(server)}/people/${email}/groups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ groups }),
  });
  if (!response.ok) throw new Error(`setting groups answered ${response.status}`);
}
