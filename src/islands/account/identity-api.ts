// What the sign-in methods section asks the auth server: the member's identities, linking another
// provider (the browser goes to that service and comes back through /{l}/auth/confirm/), and
// removing one. Errors are UI string keys, chosen by GoTrue's codes.
import type { GoTrueClient, UserIdentity } from '@supabase/auth-js';
import { errorKey, type ErrorKey } from '../shared/error-keys';
import { providerOptions } from '../shared/providers';

export type IdentityResult<T> = { ok: true; value: T } | { ok: false; error: ErrorKey };

async function attempt<T>(
  request: () => Promise<{ value: T; error: unknown }>,
): Promise<IdentityResult<T>> {
  try {
    const { value, error } = await request();
    return error ? { ok: false, error: errorKey(error) } : { ok: true, value };
  } catch (thrown) {
    return { ok: false, error: errorKey(thrown) };
  }
}

export function loadIdentities(auth: GoTrueClient): Promise<IdentityResult<UserIdentity[]>> {
  return attempt(async () => {
    const { data, error } = await auth.getUserIdentities();
    return { value: data?.identities ?? [], error };
  });
}

/** Sends the browser to `provider`; comes back to `returnTo` (the return page, then this page). */
export function linkProvider(
  auth: GoTrueClient,
  provider: string,
  locale: string,
  returnTo: string,
): Promise<IdentityResult<null>> {
  return attempt(async () => {
    const { error } = await auth.linkIdentity({
      provider: provider as never,
      options: providerOptions(provider, locale, returnTo),
    });
    return { value: null, error };
  });
}

export function unlinkProvider(
  auth: GoTrueClient,
  identity: UserIdentity,
): Promise<IdentityResult<null>> {
  return attempt(async () => {
    const { error } = await auth.unlinkIdentity(identity);
    // The session's token still lists the removed provider until it is refreshed.
    if (!error) await auth.refreshSession();
    return { value: null, error };
  });
}
