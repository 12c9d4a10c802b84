// The development OpenID provider, posing as a Keycloak realm: started when `[auth.external.keycloak]`
// is enabled with a `url` on this machine (`http://127.0.0.1:<port>/realms/<realm>`), so the same
// config.toml entries work against a real Keycloak elsewhere. Its port is the URL's, unless
// SUPABASE_LOCAL_OIDC_PORT says otherwise or the API itself was asked for a free port (tests,
// benchmarks): then it takes a free one too. The realm URL the auth service uses is the one it got.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalConfig } from '../../config/config.ts';
import type { RunningStandIn, StandIn, StandInContext } from '../stand-in.ts';
import { STAND_IN_HOST } from '../stand-in.ts';
import { DEMO_PASSWORD, PEOPLE } from './people.ts';
import { createProvider } from './provider.ts';
import { createHandler } from './server.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const REALM_PATH = /^\/realms\/[^/]+\/?$/;

/** The realm URL when it names this machine and a Keycloak realm path, else null. */
function localRealm(config: LocalConfig): URL | null {
  const keycloak = config.auth.external.keycloak;
  if (!keycloak.enabled || !keycloak.url) return null;
  let url: URL;
  try {
    url = new URL(keycloak.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || !LOOPBACK.has(url.hostname)) return null;
  return REALM_PATH.test(url.pathname) ? url : null;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, STAND_IN_HOST, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

async function start(context: StandInContext): Promise<RunningStandIn> {
  const realm = localRealm(context.config);
  if (!realm) throw new Error('the OpenID stand-in needs a local Keycloak realm URL');
  const keycloak = context.config.auth.external.keycloak;
  const realmPath = realm.pathname.replace(/\/$/, '');
  // Answers 503 until the provider exists: its issuer needs the port the server got.
  let handle: Handler = (_req, res) => {
    res.writeHead(503).end();
  };
  const server = createServer((req, res) => void handle(req, res));
  const configured = context.config.local.oidcPort ?? Number(realm.port || 80);
  const port = await listen(server, configured);
  const issuer = `${realm.protocol}//${realm.hostname}:${port}${realmPath}`;
  // Known only now with port 0 (as the API's own URL): the auth service reads the realm from here.
  keycloak.url = issuer;
  const callback = `${context.apiUrl}/auth/v1/callback`;
  const provider = await createProvider({
    issuer,
    realmPath,
    clientId: keycloak.client_id,
    clientSecret: keycloak.secret,
    redirectUris: keycloak.redirect_uri ? [callback, keycloak.redirect_uri] : [callback],
  });
  handle = createHandler(provider, realmPath);
  return {
    title: 'OpenID provider (Keycloak realm)',
    url: issuer,
    notes: [
      `Sign in with any of: ${PEOPLE.map((person) => person.email).join(', ')}`,
      `Password for all of them: ${DEMO_PASSWORD} (the .org people have no site account until then)`,
    ],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

export const oidcStandIn: StandIn = {
  wanted: (config) => localRealm(config) !== null,
  start,
};
