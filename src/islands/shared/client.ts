// The one module through which every island reaches Supabase. Each piece is a lazy singleton:
//
// - getAuth(): the auth client (auth-js's GoTrueClient, the class behind supabase-js's `supabase.auth`), PKCE
//   flow, the session in localStorage under supabase-js's own key, refreshed automatically and
//   shared across tabs. Every island uses this one session.
// - loadRest(): a PostgREST client for small reads (the header's profile), sending that session,
//   loaded on the first read (a signed-out reader never needs it).
// - getMemberData(): REST and storage-js on that session, loaded on demand, for the account page.
// - getSupabase(): the full supabase-js client (REST, storage, realtime), loaded on demand and
//   wired to the same session through supabase-js's `accessToken` option.
//
// Why not one `createClient()` for everything: supabase-js does not tree-shake (auth-only use
// costs 59 kB gzip) and React costs 69 kB, so a signed-in header built on it could not stay under
// its 110 kB budget. auth-js costs 27 kB and loads with the islands; postgrest-js loads on the
// first read, and pages that need realtime or storage load the rest (35 kB) when they need it; the
// account page, which needs storage but not realtime, loads storage-js alone. There is still
// exactly one auth client per page, so there is one refresh timer and one session.
import { GoTrueClient } from '@supabase/auth-js';
import type { PostgrestClient } from '@supabase/postgrest-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { readClientSettings, type ClientSettings } from './settings';

let settings: ClientSettings | undefined;
let auth: GoTrueClient | undefined;
let rest: Promise<PostgrestClient> | undefined;
let supabase: Promise<SupabaseClient> | undefined;
let memberData: Promise<MemberData> | undefined;

function clientSettings(): ClientSettings {
  settings ??= readClientSettings();
  return settings;
}

/** Creates an auth client for a project; islands use getAuth(), tests pass their own settings. */
export function createAuthClient(
  { url, anonKey, storageKey }: ClientSettings,
  storage?: Storage,
): GoTrueClient {
  return new GoTrueClient({
    url: `${url}/auth/v1`,
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    storageKey,
    ...(storage === undefined ? {} : { storage }),
    flowType: 'pkce',
    autoRefreshToken: true,
    persistSession: true,
    // E-mail links land on /{l}/auth/confirm/, which completes them only when the person presses
    // a button (mail scanners open links too); nothing is taken from the URL automatically.
    detectSessionInUrl: false,
  });
}

export function getAuth(): GoTrueClient {
  auth ??= createAuthClient(clientSettings());
  return auth;
}

/** The current access token, or null when signed out (auth-js refreshes it first if needed). */
async function accessToken(): Promise<string | null> {
  const { data } = await getAuth().getSession();
  return data.session?.access_token ?? null;
}

/** fetch with the API key and the member's token (or the anon key when signed out). */
const fetchWithSession: typeof fetch = async (input, init) => {
  const { anonKey } = clientSettings();
  const headers = new Headers(init?.headers);
  headers.set('apikey', anonKey);
  headers.set('Authorization', `Bearer ${(await accessToken()) ?? anonKey}`);
  return fetch(input, { ...init, headers });
};

/** The PostgREST client, its code downloaded on the first call (a failed download is retried). */
export function loadRest(): Promise<PostgrestClient> {
  rest ??= import('@supabase/postgrest-js').then(
    ({ PostgrestClient }) =>
      new PostgrestClient(`${clientSettings().url}/rest/v1`, { fetch: fetchWithSession }),
    (error: unknown) => {
      rest = undefined;
      throw error;
    },
  );
  return rest;
}

/** Tables, functions and storage with the member's session: the part of supabase-js the account page uses. */
export type MemberData = Pick<SupabaseClient, 'from' | 'rpc' | 'storage'>;

export function getMemberData(): Promise<MemberData> {
  memberData ??= Promise.all([import('@supabase/storage-js'), loadRest()]).then(
    ([{ StorageClient }, rest]) => {
      const { url, anonKey } = clientSettings();
      const data: MemberData = {
        from: rest.from.bind(rest),
        rpc: rest.rpc.bind(rest),
        storage: new StorageClient(`${url}/storage/v1`, { apikey: anonKey }, fetchWithSession),
      };
      return data;
    },
  );
  return memberData;
}

export function getSupabase(): Promise<SupabaseClient> {
  supabase ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const { url, anonKey } = clientSettings();
    const client = createClient(url, anonKey, { accessToken });
    // Realtime keeps its own copy of the token: hand it every new one (and the anon key on sign-out).
    getAuth().onAuthStateChange((_event, session) => {
      void client.realtime.setAuth(session?.access_token ?? null);
    });
    return client;
  });
  return supabase;
}

/** Sign-in methods that are not outside services, in `GET /auth/v1/settings`'s `external`. */
const notOAuth = new Set(['email', 'phone', 'anonymous_users']);

/**
 * The OAuth providers the auth server has enabled (`GET /auth/v1/settings`, `external`): none on
 * the local backend Keycloak (the development realm), on a hosted project those the operator
 * switched on. [] when unreachable.
 */
export async function fetchOAuthProviders(
  { url, anonKey }: Pick<ClientSettings, 'url' | 'anonKey'> = clientSettings(),
): Promise<string[]> {
  try {
    const response = await fetch(`${url}/auth/v1/settings`, { headers: { apikey: anonKey } });
    if (!response.ok) return [];
    const settings = (await response.json()) as { external?: Record<string, boolean> };
    return Object.entries(settings.external ?? {})
      .filter(([provider, enabled]) => enabled && !notOAuth.has(provider))
      .map(([provider]) => provider);
  } catch {
    return [];
  }
}

/** The `avatars` bucket's path for an object, each segment URL-encoded. */
function avatarObjectPath(path: string): string {
  return `avatars/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** Public URL of an avatar in the `avatars` bucket, at the size it was uploaded. */
export function avatarUrl(path: string): string {
  return `${clientSettings().url}/storage/v1/object/public/${avatarObjectPath(path)}`;
}

/**
 * An avatar rendered by Storage's image transformations as a square of `pixels` (cropped to fill
 * it, WebP where the browser takes it). The local backend always renders; hosted Supabase only on
 * plans with transformations, so whoever shows it falls back to `avatarUrl` when it fails.
 *
 * @example renderedAvatarUrl('<id>/a.png', 64) // '…/render/image/public/avatars/<id>/a.png?width=64&height=64'
 */
export function renderedAvatarUrl(path: string, pixels: number): string {
  return `${clientSettings().url}/storage/v1/render/image/public/${avatarObjectPath(path)}?width=${pixels}&height=${pixels}`;
}
