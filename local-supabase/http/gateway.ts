// What Kong does in front of a Supabase project: every service route needs one of the project's API
// keys (header or ?apikey=), except the routes a browser reaches from an e-mail link or an identity
// provider (SAML's ACS and the metadata an IdP reads, open in Kong's config as well) and storage,
// which checks its own tokens so that public objects load without a key.
import type { MiddlewareHandler } from 'hono';
import type { Keys } from '../config/keys.ts';
import { ServiceError } from './errors.ts';
import { identifyApiKey, roleOfSignedApiKey } from './keys.ts';
import type { AppEnv } from './service.ts';

const OPEN_PATHS = [
  /^\/auth\/v1\/(verify|callback|authorize)\/?$/,
  /^\/auth\/v1\/sso\/saml\/(acs|metadata)\/?$/,
  /^\/storage\/v1\//,
  /^\/health\/?$/,
];

export function requireApiKey(keys: Keys): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    const role = identifyApiKey(key, keys) ?? (await roleOfSignedApiKey(key, keys));
    if (role) {
      c.set('apikeyRole', role);
    } else if (!OPEN_PATHS.some((path) => path.test(c.req.path))) {
      throw key
        ? new ServiceError(401, 'invalid_api_key', 'Invalid API key', {
            hint: 'Double check your Supabase `anon` or `service_role` API key.',
          })
        : new ServiceError(401, 'no_api_key', 'No API key found in request', {
            hint: 'No `apikey` request header or url param was found.',
          });
    }
    await next();
  };
}
