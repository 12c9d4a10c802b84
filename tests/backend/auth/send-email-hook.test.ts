// [auth.hook.send_email] as GoTrue calls it: with the hook on, auth sends no e-mail itself — the hook
// (a Postgres function or a signed HTTP endpoint) gets {user, email_data} and sends it. A hook that
// answers an error fails the request with it; one that fails fails it with GoTrue's error. What a
// failing hook rolls back is in send-email-hook-failure.test.ts.
import { createHash, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startHookEndpoint, type HookEndpoint } from '../helpers/hook-endpoint.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = 'polyglot-demo-2026';
const SITE = 'http://localhost:4321';

interface EmailData {
  token: string;
  token_hash: string;
  redirect_to: string;
  email_action_type: string;
  site_url: string;
  token_new: string;
  token_hash_new: string;
}
interface SendEmailInput {
  user: { id: string; email: string };
  email_data: EmailData;
}

describe('a Postgres function send_email hook', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      settings: {
        auth: {
          email: { enable_confirmations: true },
          hook: {
            send_email: { enabled: true, uri: 'pg-functions://postgres/public/send_email_hook' },
          },
        },
      },
    });
    await server.server.db.exec(`
      create table public.hooked_emails (input jsonb not null);
      grant insert on public.hooked_emails to supabase_auth_admin;
      create function public.send_email_hook(event jsonb) returns jsonb language plpgsql as $$
      begin
        if event -> 'user' ->> 'email' like 'refused-%' then
          return jsonb_build_object('error',
            jsonb_build_object('http_code', 422, 'message', 'This address is refused'));
        end if;
        insert into public.hooked_emails values (event);
        return '{}'::jsonb;
      end $$;
      grant execute on function public.send_email_hook(jsonb) to supabase_auth_admin;
    `);
  });
  afterAll(() => server.stop());

  async function hooked(email: string): Promise<SendEmailInput[]> {
    const { rows } = await server.server.db.query<{ input: SendEmailInput }>(
      `select input from public.hooked_emails where input -> 'user' ->> 'email' = $1`,
      [email],
    );
    return rows.map((row) => row.input);
  }

  it('gets the sign-up e-mail’s payload, whose code confirms the address; the mailbox stays empty', async () => {
    const email = 'hooked-reader@example.com';
    const client = server.client();
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${SITE}/en/` },
    });
    expect(error).toBeNull();
    const [input, ...more] = await hooked(email);
    expect(more).toHaveLength(0);
    expect(input?.user.id).toBe(data.user?.id);
    expect(input?.email_data).toMatchObject({
      email_action_type: 'signup',
      redirect_to: `${SITE}/en/`,
      site_url: `${server.url}/auth/v1`,
      token_new: '',
      token_hash_new: '',
    });
    expect(input?.email_data.token).toMatch(/^\d{6}$/);
    expect(input?.email_data.token_hash).toMatch(/^[0-9a-f]{56}$/);
    expect(await server.messages(email)).toHaveLength(0);

    const verified = await client.auth.verifyOtp({
      email,
      token: input?.email_data.token ?? '',
      type: 'signup',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
  });

  it('gets one call for an e-mail change, with GoTrue’s pairing of codes and links', async () => {
    const client = server.client();
    const signIn = await client.auth.signInWithPassword({
      email: 'second@example.com',
      password: PASSWORD,
    });
    expect(signIn.error).toBeNull();
    const { error } = await client.auth.updateUser({ email: 'second-new@example.com' });
    expect(error).toBeNull();
    const calls = (await hooked('second@example.com')).filter(
      (input) => input.email_data.email_action_type === 'email_change',
    );
    expect(calls).toHaveLength(1);
    const data = calls[0]?.email_data;
    const hash = (address: string, code: string) =>
      createHash('sha224')
        .update(address + code)
        .digest('hex');
    // GoTrue's (kept for existing hooks): token is the current address's code, token_new the new
    // address's; token_hash is the new address's link, token_hash_new the current one's.
    expect(data?.token_hash).toBe(hash('second-new@example.com', data?.token_new ?? ''));
    expect(data?.token_hash_new).toBe(hash('second@example.com', data?.token ?? ''));
    expect(await server.messages('second-new@example.com')).toHaveLength(0);
  });

  it('an {error} answer fails the request with its status and message', async () => {
    const { error } = await server
      .client()
      .auth.signUp({ email: 'refused-reader@example.com', password: PASSWORD });
    expect(error?.status).toBe(422);
    // GoTrue renders an error without a code of its own as `unknown` (500s as `unexpected_failure`).
    expect(error?.code).toBe('unknown');
    expect(error?.message).toBe('This address is refused');
    expect(await server.messages('refused-reader@example.com')).toHaveLength(0);
  });
});

describe('an HTTP send_email hook', () => {
  const secret = `v1,whsec_${randomBytes(32).toString('base64')}`;
  let endpoint: HookEndpoint;
  let server: TestServer;
  let uri = '';
  let failing = false;
  beforeAll(async () => {
    endpoint = await startHookEndpoint((_request, response) => {
      if (failing) json(response, { message: 'bad' }, 400);
      else json(response, {});
    });
    // Written as for the Supabase CLI, where auth reaches the host as host.docker.internal.
    uri = endpoint.url.replace('127.0.0.1', 'host.docker.internal');
    server = await startTestServer({
      settings: {
        auth: { hook: { send_email: { enabled: true, uri, secrets: secret } } },
      },
    });
  });
  afterAll(async () => {
    await server.stop();
    await endpoint.close();
  });

  it('gets the recovery e-mail, signed with the secret; the mailbox stays empty', async () => {
    const email = 'member@example.com';
    const before = (await server.messages(email)).length;
    const { error } = await server
      .client()
      .auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/de/konto/` });
    expect(error).toBeNull();
    const request = endpoint.requests.at(-1);
    const headers = {
      'webhook-id': String(request?.headers['webhook-id']),
      'webhook-timestamp': String(request?.headers['webhook-timestamp']),
      'webhook-signature': String(request?.headers['webhook-signature']),
    };
    const input = new Webhook(secret.slice('v1,'.length)).verify(
      request?.body ?? '',
      headers,
    ) as SendEmailInput;
    expect(input.user.email).toBe(email);
    expect(input.email_data.email_action_type).toBe('recovery');
    expect(input.email_data.redirect_to).toBe(`${SITE}/de/konto/`);
    expect(input.email_data.token).toMatch(/^\d{6}$/);
    expect(await server.messages(email)).toHaveLength(before);
  });

  it('a hook answering 400 fails the request with GoTrue’s 500', async () => {
    failing = true;
    const { error } = await server.client().auth.resetPasswordForEmail('second@example.com');
    failing = false;
    expect(error?.status).toBe(500);
    expect(error?.message).toBe('Invalid payload sent to hook');
    expect(await server.messages('second@example.com')).toHaveLength(0);
  });
});
