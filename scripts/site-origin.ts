// The site's public origin, the one setting everything `npm start` runs follows: the build (canonical
// URLs, sitemap, feeds), and through SITE_URL the backend (auth's site_url, where e-mail links and
// the redirects after provider and organisation sign-in lead, the redirect allow-list, the passkey
// relying party) and the Edge Functions (the reply e-mail's article index and links).

/** Interfaces the site is reached on as `localhost`: passkeys need a host name, not an address. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '0.0.0.0', '::']);

export interface SiteOrigin {
  /** SITE_URL as given, else `http://<host>:<PORT>`. */
  url: string;
  /** The interface the site server listens on (HOST, default 127.0.0.1). */
  listenHost: string;
  port: number;
  /** Where `npm start` serves the site, as a browser on this machine opens it. */
  servedAt: string;
  /** An address of the site server that answers on this machine (for the readiness check). */
  probeUrl: string;
  /** One line when SITE_URL names a local site on another port than the one served; else null. */
  mismatch: string | null;
}

function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * @example
 * siteOrigin({ PORT: '4391' }).url // 'http://localhost:4391'
 * siteOrigin({ PORT: '4391', SITE_URL: 'https://press.example' }).url // 'https://press.example'
 */
export function siteOrigin(env: NodeJS.ProcessEnv): SiteOrigin {
  const port = Number(env['PORT'] || 4321);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT: "${env['PORT'] ?? ''}" is not a port number`);
  }
  const listenHost = env['HOST'] || '127.0.0.1';
  const host = LOCAL_HOSTS.has(listenHost) ? 'localhost' : listenHost;
  const servedAt = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const probeHost = listenHost === '0.0.0.0' || listenHost === '::' ? '127.0.0.1' : listenHost;
  const probeUrl = `http://${probeHost.includes(':') ? `[${probeHost}]` : probeHost}:${port}/`;
  const served = { listenHost, port, servedAt, probeUrl };
  const given = env['SITE_URL'];
  if (!given) return { url: servedAt, ...served, mismatch: null };
  let site: URL;
  try {
    site = new URL(given);
  } catch {
    throw new Error(`SITE_URL: "${given}" is not a URL`);
  }
  // A public name is served by whatever is in front of this server; a local one must be this port.
  const mismatch =
    LOCAL_HOSTS.has(site.hostname) && effectivePort(site) !== port
      ? `SITE_URL ${given} is not where the site is served (${servedAt}/): e-mail links, sign-in ` +
        'redirects, passkeys and reply e-mails follow SITE_URL.'
      : null;
  return { url: given, ...served, mismatch };
}
