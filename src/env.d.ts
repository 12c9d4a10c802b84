/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** The Supabase project's URL, resolved by astro.config.mjs (hosted, or the local backend). */
  readonly PUBLIC_SUPABASE_URL?: string;
  /** Its anon (publishable) key: public by design, RLS limits what it may do. */
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
  /** Names for the outside sign-in services' buttons, e.g. `keycloak=Polyglot ID,google=Google`. */
  readonly PUBLIC_OAUTH_PROVIDER_NAMES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare namespace astroHTML.JSX {
  interface IntrinsicAttributes {
    /** Our client directive (src/islands/shared/session-directive.ts); the value is the storage key. */
    'client:session'?: string;
  }
}

/** Island strings loaded with an island's code (src/i18n/lazy-strings-plugin.ts). */
declare module 'virtual:island-strings/*' {
  const strings: Readonly<Record<string, string>>;
  export default strings;
}
