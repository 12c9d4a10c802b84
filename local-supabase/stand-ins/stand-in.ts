// Development stand-ins for the parties hosted Supabase talks to that cannot run on this machine (an
// identity provider, a mail API). Each one speaks the real protocol, listens on loopback only, says on
// every page it shows that it is a stand-in, and starts with the local backend, so with `npm start`
// and in the tests. When the site points at a hosted project no local backend starts, and with it no
// stand-in: they cannot be switched on in a production deployment by accident.
import type { LocalConfig } from '../config/config.ts';
import type { Logger } from '../http/log.ts';

export interface StandInContext {
  config: LocalConfig;
  /** The local API's URL, where a stand-in sends people back (e.g. `/auth/v1/callback`). */
  apiUrl: string;
  logger: Logger;
}

export interface RunningStandIn {
  /** What it stands in for, as printed at start ("OpenID provider (Keycloak realm)"). */
  title: string;
  url: string;
  /** Lines printed under it at start: who can sign in there, and how. */
  notes: string[];
  /** For an identity provider stand-in: the SAML metadata the backend registers it with. */
  saml?: { kind: 'saml'; metadataXml: string };
  /** Stops listening; requests in flight are answered first. */
  close(): Promise<void>;
}

export interface StandIn {
  /** Whether the configuration asks for it (a provider enabled and pointed at this stand-in). */
  wanted(config: LocalConfig): boolean;
  start(context: StandInContext): Promise<RunningStandIn>;
}

/** Stand-ins never listen beyond this machine, whatever `--host` the API was given. */
export const STAND_IN_HOST = '127.0.0.1';
