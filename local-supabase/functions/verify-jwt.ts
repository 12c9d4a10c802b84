// `verify_jwt` (on unless config.toml turns it off for a function): the request needs
// `Authorization: Bearer <a JWT of this project>` — the anon key, the service_role key or a user's
// access token. The new-format API keys are not JWTs and are refused, as on hosted Supabase.
import type { Keys } from '../config/keys.ts';
import { verifyJwt } from '../http/keys.ts';
import { unauthorized } from './answers.ts';

/** Null when the request may pass, else the gateway's 401. */
export async function checkJwt(
  authorization: string | undefined,
  keys: Keys,
): Promise<Response | null> {
  if (!authorization) return unauthorized('missing');
  const [scheme, token] = authorization.split(' ');
  if (scheme !== 'Bearer' || !token) return unauthorized('not_bearer');
  try {
    await verifyJwt(token, keys);
    return null;
  } catch {
    return unauthorized('invalid');
  }
}
