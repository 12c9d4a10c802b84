// `npm start` on a port other than the default: the site's origin follows PORT everywhere the backend
// sends a person back to the site. An e-mail link, passkey registration and sign-in, provider and
// organisation sign-in without an explicit redirect, and a reply e-mail that names the article (the
// Edge Function reads the article index from the site) all lead to http://localhost:<PORT>, not to
// the default port. Build-free: `--no-build` serves a tiny folder holding the article index, and the
// backend opens a copy of the test template.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../local-supabase/config/config.ts';
import { projectRoot } from '../../../local-supabase/paths.ts';
import type { MailboxMessage } from '../helpers/server.ts';
import { signInAtProvider } from '../helpers/oidc.ts';
import { signInAtStandIn } from '../helpers/saml.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { getTemplateDir } from '../helpers/template.ts';

const PASSWORD = 'polyglot-demo-2026';
const MEMBER = { id: '5eed0000-0000-4000-8000-000000000001', email: 'member@example.com' }; // en
const SECOND = { id: '5eed0000-0000-4000-8000-000000000002', email: 'second@example.com' };
const ARTICLE = 'translation-metadata-article-unicode-explained';
const ARTICLE_INDEX = {
  en: { [ARTICLE]: { title: 'Unicode, explained', path: '/en/articles/unicode-explained/' } },
};

/** Ports free right now on loopback, all different. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => {
            resolve(server);
          });
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

let npm: ChildProcess | undefined;
let exited: Promise<unknown> = Promise.resolve();
let output = '';
let site = '';
let api = '';
let mailbox = '';
let anonKey = '';
let serviceKey = '';
let providerHost = '';

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'npm-start-origin-'));
  const dist = join(dir, 'site');
  await mkdir(dist, { recursive: true });
  await cp(await getTemplateDir(), join(dir, 'data', 'pgdata'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>x</title>');
  await writeFile(join(dist, 'article-index.json'), JSON.stringify(ARTICLE_INDEX));
  const [apiPort, mailboxPort, dbPort, webPort, oidcPort, samlPort] = await freePorts(6);
  site = `http://localhost:${webPort}`;
  api = `http://127.0.0.1:${apiPort}`;
  mailbox = `http://127.0.0.1:${mailboxPort}`;
  providerHost = `127.0.0.1:${oidcPort}`;
  ({ anonKey, serviceRoleKey: serviceKey } = (await loadConfig()).local.keys);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SUPABASE_LOCAL_DATA_DIR: join(dir, 'data'),
    SUPABASE_LOCAL_FSYNC: 'false',
    SUPABASE_LOCAL_PORT: String(apiPort),
    SUPABASE_LOCAL_MAILBOX_PORT: String(mailboxPort),
    SUPABASE_LOCAL_DB_PORT: String(dbPort),
    SUPABASE_LOCAL_OIDC_PORT: String(oidcPort),
    SUPABASE_LOCAL_SAML_IDP_PORT: String(samlPort),
    PORT: String(webPort),
  };
  delete env['SITE_URL'];
  delete env['HOST'];
  const child = spawn('npm', ['start', '--', '--no-build', '--dist', dist], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  npm = child;
  exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.includes(`Polyglot Press: ${site}/`)) {
    if (child.exitCode !== null) throw new Error(`npm start ended early:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 180_000);

afterAll(async () => {
  if (npm?.pid !== undefined && npm.exitCode === null) process.kill(npm.pid, 'SIGTERM');
  await exited;
});

function client() {
  return createClient(api, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

async function signedIn(email: string): Promise<SupabaseClient> {
  const member = client();
  const { error } = await member.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return member;
}

/** The newest e-mail to `to` whose subject matches, waiting for it. */
async function mailTo(to: string, subject: RegExp): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailbox}/api/messages?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as MailboxMessage[];
        found = messages.find((message) => subject.test(message.subject));
        return found !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no e-mail to ${to}`);
  return found;
}

describe('npm start on a non-default PORT', () => {
  it('announces the site on that port and names no mismatch', () => {
    expect(output).toContain(`Polyglot Press: ${site}/`);
    expect(output).not.toContain('is not where the site is served');
  });

  it('links an e-mail sign-in without a redirect to the site on that port', async () => {
    const { error } = await client().auth.signInWithOtp({ email: MEMBER.email });
    expect(error).toBeNull();
    const message = await mailTo(MEMBER.email, /sign-in link/i);
    expect(message.html).toContain(`href="${site}/en/auth/confirm/?token_hash=`);
  });

  it('registers a passkey on the site at that port and signs in with it', async () => {
    const member = await signedIn(SECOND.email);
    const authenticator = new SoftwareAuthenticator(site);
    const { data: creation, error } = await member.auth.passkey.startRegistration();
    expect(error).toBeNull();
    if (!creation) throw new Error('no registration options');
    expect(creation.options.rp.id).toBe('localhost');
    const registered = await member.auth.passkey.verifyRegistration({
      challengeId: creation.challenge_id,
      credential: authenticator.create(creation.options).toJSON() as never,
    });
    expect(registered.error).toBeNull();
    const visitor = client();
    const { data: request } = await visitor.auth.passkey.startAuthentication();
    if (!request) throw new Error('no authentication options');
    const { data, error: refused } = await visitor.auth.passkey.verifyAuthentication({
      challengeId: request.challenge_id,
      credential: authenticator.get(request.options).toJSON() as never,
    });
    expect(refused).toBeNull();
    expect(data?.user?.email).toBe(SECOND.email);
  });

  it('sends a provider sign-in without a redirect back to the site on that port', async () => {
    const { data, error } = await client().auth.signInWithOAuth({
      provider: 'keycloak',
      // As the dialog asks (src/islands/shared/providers.ts): the realm's userinfo needs openid.
      options: { skipBrowserRedirect: true, scopes: 'openid' },
    });
    expect(error).toBeNull();
    const { landing } = await signInAtProvider(data.url ?? '', {
      email: 'lena@example.org',
      hosts: [new URL(api).host, providerHost],
    });
    expect(landing.origin).toBe(site);
    expect(landing.hash).toContain('access_token=');
  });

  it('sends an organisation sign-in without a redirect back to the site on that port', async () => {
    const { data, error } = await client().auth.signInWithSSO({ domain: 'newsroom.example' });
    expect(error).toBeNull();
    const posted = await signInAtStandIn(data?.url ?? '', 'moderator@newsroom.example');
    expect(posted.status).toBe(200);
    const acs = await fetch(`${api}/auth/v1/sso/saml/acs`, {
      method: 'POST',
      body: new URLSearchParams({
        SAMLResponse: posted.samlResponse ?? '',
        RelayState: posted.relayState ?? '',
      }),
      redirect: 'manual',
    });
    const landing = new URL(acs.headers.get('location') ?? '');
    expect(landing.origin).toBe(site);
    expect(landing.hash).toContain('access_token=');
  });

  it('names the article in a reply e-mail and links it on that port', async () => {
    const admin = createClient(api, serviceKey, { auth: { persistSession: false } });
    // Written with the service role, as the reply-notification suite does; the webhook fires on commit.
    const insert = async (row: Record<string, string | null>) =>
      admin
        .from('comments')
        .insert({ article_key: ARTICLE, language: 'en', ...row })
        .select('id')
        .single<{ id: string }>();
    const parent = await insert({ author_id: MEMBER.id, body: 'On which port?' });
    expect(parent.error).toBeNull();
    const reply = await insert({
      author_id: SECOND.id,
      body: 'On the one PORT names.',
      parent_id: parent.data?.id ?? null,
    });
    expect(reply.error).toBeNull();
    const message = await mailTo(MEMBER.email, /replied to your comment/);
    expect(message.subject).toContain('“Unicode, explained”');
    expect(message.text).toContain(`${site}/en/articles/unicode-explained/#comments`);
  }, 90_000);
});
