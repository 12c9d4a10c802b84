// A browser's part in a provider sign-in, for backend tests: follows the redirects from the auth
// service's /authorize to the development OpenID provider's form, fills it in (or cancels), and
// follows the redirects back until they leave the API and the provider: the address the site gets.
const DEMO_PASSWORD = 'polyglot-demo-2026';

class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  store(url: URL, response: Response): void {
    const jar = this.cookies.get(url.host) ?? new Map<string, string>();
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const [name = '', ...value] = pair.split('=');
      jar.set(name.trim(), value.join('='));
    }
    this.cookies.set(url.host, jar);
  }

  header(url: URL): string {
    const jar = this.cookies.get(url.host);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }
}

export interface ProviderVisit {
  /** Where the API finally sent the browser (the site's redirect_to, with code, tokens or error). */
  landing: URL;
  /** The provider's sign-in page as it was shown (HTML). */
  formHtml: string;
}

export interface ProviderSignIn {
  email?: string;
  password?: string;
  /** Press the form's Cancel button instead of signing in. */
  cancel?: boolean;
  /** Hosts the redirects may stay on (the API's and the provider's); anything else is the landing. */
  hosts: string[];
}

/**
 * Follows `startUrl` (an /authorize or linking URL) through the provider's form and back.
 *
 * @example
 * const { data } = await client.auth.signInWithOAuth({ provider: 'keycloak', options: { skipBrowserRedirect: true } });
 * const { landing } = await signInAtProvider(data.url, { email: 'lena@example.org', hosts });
 */
export async function signInAtProvider(
  startUrl: string,
  options: ProviderSignIn,
): Promise<ProviderVisit> {
  const jar = new CookieJar();
  let url = new URL(startUrl);
  let formHtml = '';
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (!options.hosts.includes(url.host)) return { landing: url, formHtml };
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(url),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    jar.store(url, response);
    method = 'GET';
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const html = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    const cancel = /formaction="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || !cancel || formHtml) {
      throw new Error(`unexpected page at ${url.href} (${response.status}): ${html.slice(0, 300)}`);
    }
    formHtml = html;
    url = new URL(options.cancel ? cancel : action, url);
    method = 'POST';
    body = new URLSearchParams({
      email: options.email ?? '',
      password: options.password ?? DEMO_PASSWORD,
    });
  }
  throw new Error('too many redirects');
}

/** The parameters of a landing address: its query and its fragment, together. */
export function landingParams(landing: URL): URLSearchParams {
  const params = new URLSearchParams(landing.search);
  for (const [key, value] of new URLSearchParams(landing.hash.slice(1))) params.set(key, value);
  return params;
}
