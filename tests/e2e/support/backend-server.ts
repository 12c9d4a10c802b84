// The local backend as a process of its own, for the browser tests (started by playwright.config.ts
// on the port the site was built for) and the component tests (tests/islands/helpers/backend.ts,
// on free ports: jsdom's globals break the backend inside a jsdom test). A fresh copy of the
// seeded template database, e-mail links pointing at the site under test, and auth's rate limits
// raised (tests sign in and send mail far more often than a person would). Prints one line
// `READY {"url","anonKey","serviceKey","mailboxUrl"}` (the service key is for benchmarks that write
// past the members' limits); stops and deletes its data on SIGTERM/SIGINT. With
// `E2E_SUPABASE_DATA_DIR`, its data lives there and stays when it stops, so that a test can stop the
// backend and start it again with the members and bookmarks it had (tests/e2e/offline.spec.ts).
import { startTestServer } from '../../backend/helpers/server.ts';

function portFrom(name: string): number {
  const port = Number(process.env[name]);
  if (!Number.isInteger(port) || port < 0) throw new Error(`${name} must be a port number`);
  return port;
}

const plenty = 1_000_000;
const siteUrl = new URL(process.env['E2E_SITE_URL'] ?? 'http://127.0.0.1:4321');
const dataDir = process.env['E2E_SUPABASE_DATA_DIR'];
const server = await startTestServer({
  ...(dataDir ? { dataDir } : {}),
  port: portFrom('E2E_SUPABASE_PORT'),
  mailboxPort: portFrom('E2E_MAILBOX_PORT'),
  settings: {
    auth: {
      site_url: siteUrl.origin,
      // Passkeys need a host name: the browser tests that use them open the site on localhost.
      webauthn: { rp_origins: [`${siteUrl.protocol}//localhost:${siteUrl.port}`] },
      rate_limit: {
        email_sent: plenty,
        sign_in_sign_ups: plenty,
        token_verifications: plenty,
        token_refresh: plenty,
      },
      email: { max_frequency: '0s' },
    },
  },
});
const ready = {
  url: server.url,
  anonKey: server.anonKey,
  serviceKey: server.serviceKey,
  mailboxUrl: server.mailboxUrl,
};
console.log(`READY ${JSON.stringify(ready)}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.stop({ keepData: dataDir !== undefined });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
