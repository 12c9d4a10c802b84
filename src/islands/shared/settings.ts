// The Supabase project every island talks to. The build resolves it (src/lib/supabase-settings.ts,
// called from astro.config.mjs) and Vite inlines the two PUBLIC_ values into the bundle.

export interface ClientSettings {
  url: string;
  anonKey: string;
  /** localStorage key of the session, the one supabase-js would choose for this URL. */
  storageKey: string;
}

/**
 * supabase-js's default storage key for a project URL: `sb-<first label of the host>-auth-token`.
 * The header's inline check looks for it before any Supabase code is loaded.
 *
 * @example storageKeyFor('https://abc.supabase.co') // 'sb-abc-auth-token'
 */
export function storageKeyFor(url: string): string {
  return `sb-${new URL(url).hostname.split('.')[0] ?? ''}-auth-token`;
}

/**
 * The storage key for the project this build talks to (astro.config.mjs resolves it), for the
 * pages' inline checks of a stored session (the header, the account page).
 */
export function buildStorageKey(): string {
  return storageKeyFor(import.meta.env.PUBLIC_SUPABASE_URL ?? 'http://127.0.0.1');
}

export function readClientSettings(): ClientSettings {
  const url = import.meta.env.PUBLIC_SUPABASE_URL;
  const anonKey = import.meta.env.PUBLIC_SUPABASE_ANON_KEY;
  if (!url || !anonKey) {
    throw new Error('PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY were not set at build time');
  }
  return { url, anonKey, storageKey: storageKeyFor(url) };
}
