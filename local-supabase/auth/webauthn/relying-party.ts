// The relying party of passkeys and WebAuthn factors: `[auth.webauthn]`, or the site's when unset.
import type { LocalConfig } from '../../config/config.ts';

export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', '::1']);

/**
 * `rp_id` defaults to the site's host name and `rp_origins` to its origin. Browsers refuse an IP
 * address as a relying party, so a site on a loopback address has `localhost` as its relying party,
 * and the same port on `localhost` is one of its origins (the site is reachable there too).
 */
export function relyingParty(config: LocalConfig): RelyingParty {
  const site = new URL(config.auth.site_url);
  const settings = config.auth.webauthn;
  const loopback = LOOPBACK.has(site.hostname);
  const id = settings.rp_id || (loopback ? 'localhost' : site.hostname);
  const origins = settings.rp_origins.length
    ? settings.rp_origins.map((origin) => new URL(origin).origin)
    : [
        site.origin,
        ...(loopback ? [`${site.protocol}//localhost${site.port ? `:${site.port}` : ''}`] : []),
      ];
  return { id, name: settings.rp_display_name || site.host, origins };
}
