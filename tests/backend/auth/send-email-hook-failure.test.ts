// A send_email hook that fails, as GoTrue handles it: the hook runs inside the request's transaction
// (supabase/auth internal/api/mail.go `sendEmail` gets it), so its failure answers the client with
// the hook's error and rolls back everything the request wrote — the new user and identity, the
// token and its send time, the pending e-mail change and whatever the hook function itself wrote.
// Once the hook works again the same request simply succeeds: no orphan user ("User already
// registered"), no "only request this after 60 seconds".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startHookEndpoint, type HookEndpoint } from '../helpers/hook-endpoint.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = 'polyglot-demo-2026';
const HOOK_URI = 'pg-functions://postgres/public/send_email_hook';

interface TokenColumns {
  confirmation_token: string | null;
  recovery_token: string | null;
  reauthentication_token: string | null;
  email_change: string | null;
  raw_user_meta_data: Record<string, unknown> | null;
}

async function usersWith(server: TestServer, email: string): Promise<TokenColumns[]> {
  const { rows } = await server.server.db.query<TokenColumns>(
    `select confirmation_token, recovery_token, reauthentication_token, email_change,
            raw_user_meta_data
     from auth.users where lower(email) = $1`,
    [email],
  );
  return rows;
}

describe('a Postgres function send_email hook that raises', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      settings: {
        auth: {
          // A kept token would make the retry "too frequent" for a minute.
          email: { enable_confirmations: true, max_frequency: '60s' },
          hook: { send_email: { enabled: true, uri: HOOK_URI } },
        },
      },
    });
    await server.server.db.exec(`
      create table public.mail_provider (down boolean not null);
      insert into public.mail_provider values (true);
      create table public.hooked_emails (input jsonb not null);
      grant select on public.mail_provider to supabase_auth_admin;
      grant insert on public.hooked_emails to supabase_auth_admin;
      create function public.send_email_hook(event jsonb) returns jsonb language plpgsql as $$
      begin
        insert into public.hooked_emails values (event);
        if (select down from public.mail_provider) then
          raise exception 'the mail provider is down';
        end if;
        return '{}'::jsonb;
      end $$;
      grant execute on function public.send_email_hook(jsonb) to supabase_auth_admin;
    `);
  });
  afterAll(() => server.stop());

  async function provider(down: boolean) {
    await server.server.db.query('update public.mail_provider set down = $1', [down]);
  }

  async function hooked(email: string, action: string): Promise<number> {
    const { rows } = await server.server.db.query(
      `select 1 from public.hooked_emails
       where input -> 'user' ->> 'email' = $1 and input -> 'email_data' ->> 'email_action_type' = $2`,
      [email, action],
    );
    return rows.length;
  }

  it('a sign-up fails with GoTrue’s 500, keeps no user, and the address signs up once the hook works', async () => {
    const email = 'reader-during-outage@example.com';
    await provider(true);
    const failed = await server.client().auth.signUp({ email, password: PASSWORD });
    expect(failed.data.user).toBeNull();
    expect(failed.error?.status).toBe(500);
    expect(failed.error?.message).toBe(`Error running hook URI: ${HOOK_URI}`);
    expect(await usersWith(server, email)).toHaveLength(0);
    // The hook's own insert went with the rolled-back transaction.
    expect(await hooked(email, 'signup')).toBe(0);

    await provider(false);
    const retried = await server.client().auth.signUp({ email, password: PASSWORD });
    expect(retried.error).toBeNull();
    expect(retried.data.user?.email).toBe(email);
    expect(retried.data.user?.identities).toHaveLength(1);
    expect(await usersWith(server, email)).toHaveLength(1);
    expect(await hooked(email, 'signup')).toBe(1);
  });

  it('a magic link for a new address keeps no user either', async () => {
    const email = 'magic-during-outage@example.com';
    await provider(true);
    const failed = await server.client().auth.signInWithOtp({ email });
    expect(failed.error?.status).toBe(500);
    expect(await usersWith(server, email)).toHaveLength(0);

    await provider(false);
    expect((await server.client().auth.signInWithOtp({ email })).error).toBeNull();
    expect(await usersWith(server, email)).toHaveLength(1);
  });

  it('a password recovery keeps the old token, and asking again at once is not too frequent', async () => {
    const email = 'member@example.com';
    const [before] = await usersWith(server, email);
    await provider(true);
    const failed = await server.client().auth.resetPasswordForEmail(email);
    expect(failed.error?.status).toBe(500);
    expect((await usersWith(server, email))[0]?.recovery_token).toBe(before?.recovery_token);

    await provider(false);
    expect((await server.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await usersWith(server, email))[0]?.recovery_token).not.toBe(before?.recovery_token);
  });

  it('a resent confirmation keeps the old token until the hook works', async () => {
    const email = 'resend-during-outage@example.com';
    await provider(false);
    expect((await server.client().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    // As if the first e-mail went out long ago, so that a resend is not too frequent.
    await server.server.db.query(
      `update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`,
      [email],
    );
    const [before] = await usersWith(server, email);
    await provider(true);
    const failed = await server.client().auth.resend({ type: 'signup', email });
    expect(failed.error?.status).toBe(500);
    expect((await usersWith(server, email))[0]?.confirmation_token).toBe(
      before?.confirmation_token,
    );

    await provider(false);
    expect((await server.client().auth.resend({ type: 'signup', email })).error).toBeNull();
    expect((await usersWith(server, email))[0]?.confirmation_token).not.toBe(
      before?.confirmation_token,
    );
  });

  it('an e-mail change asked with new metadata changes neither until the hook works', async () => {
    const client = server.client();
    const signIn = await client.auth.signInWithPassword({
      email: 'second@example.com',
      password: PASSWORD,
    });
    expect(signIn.error).toBeNull();
    await provider(true);
    const failed = await client.auth.updateUser({
      email: 'second-moved@example.com',
      data: { display_name: 'Moved' },
    });
    expect(failed.error?.status).toBe(500);
    const [kept] = await usersWith(server, 'second@example.com');
    expect(kept?.email_change ?? '').toBe('');
    expect(kept?.raw_user_meta_data?.['display_name']).not.toBe('Moved');

    await provider(false);
    const retried = await client.auth.updateUser({
      email: 'second-moved@example.com',
      data: { display_name: 'Moved' },
    });
    expect(retried.error).toBeNull();
    expect(retried.data.user?.new_email).toBe('second-moved@example.com');
    expect(retried.data.user?.user_metadata['display_name']).toBe('Moved');
  });

  it('a reauthentication code is not kept while the hook fails', async () => {
    const client = server.client();
    const email = 'member@example.com';
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    await provider(true);
    const failed = await client.auth.reauthenticate();
    expect(failed.error?.status).toBe(500);
    expect((await usersWith(server, email))[0]?.reauthentication_token ?? '').toBe('');

    await provider(false);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    expect(await hooked(email, 'reauthentication')).toBe(1);
  });

  it('an invitation keeps no invited user, and inviting again works once the hook does', async () => {
    const email = 'invited-during-outage@example.com';
    await provider(true);
    const failed = await server.admin().auth.admin.inviteUserByEmail(email);
    expect(failed.error?.status).toBe(500);
    expect(await usersWith(server, email)).toHaveLength(0);

    await provider(false);
    const retried = await server.admin().auth.admin.inviteUserByEmail(email);
    expect(retried.error).toBeNull();
    expect(retried.data.user?.email).toBe(email);
    expect(await hooked(email, 'invite')).toBe(1);
  });
});

describe('an HTTP send_email hook that fails', () => {
  type Behaviour = 'ok' | 'bad-request' | 'silent' | 'oversize' | 'text';
  let behaviour: Behaviour = 'ok';
  let endpoint: HookEndpoint;
  let server: TestServer;
  beforeAll(async () => {
    endpoint = await startHookEndpoint((_request, response) => {
      if (behaviour === 'ok') json(response, {});
      if (behaviour === 'bad-request') json(response, { message: 'bad' }, 400);
      if (behaviour === 'oversize') json(response, { padding: 'x'.repeat(210 * 1024) });
      if (behaviour === 'text') response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      // 'silent' never answers: GoTrue gives up after 5 s.
    });
    const secrets = `v1,whsec_${Buffer.from('a send_email hook secret of 32 b').toString('base64')}`;
    server = await startTestServer({
      settings: {
        auth: {
          email: { enable_confirmations: true, max_frequency: '60s' },
          hook: { send_email: { enabled: true, uri: endpoint.url, secrets } },
        },
      },
    });
  });
  afterAll(async () => {
    await server.stop();
    await endpoint.close();
  });

  async function signUpWhile(state: Behaviour, email: string) {
    behaviour = state;
    const result = await server.client().auth.signUp({ email, password: PASSWORD });
    behaviour = 'ok';
    return result;
  }

  it('an error status fails the sign-up with GoTrue’s 500 and keeps no user', async () => {
    const email = 'http-bad-request@example.com';
    const { error } = await signUpWhile('bad-request', email);
    expect(error?.status).toBe(500);
    expect(error?.message).toBe('Invalid payload sent to hook');
    expect(await usersWith(server, email)).toHaveLength(0);
    const retried = await server.client().auth.signUp({ email, password: PASSWORD });
    expect(retried.error).toBeNull();
    expect(retried.data.user?.email).toBe(email);
  });

  it('an endpoint silent for 5 s fails the sign-up with 422 hook_timeout and keeps no user', async () => {
    const email = 'http-silent@example.com';
    const { error } = await signUpWhile('silent', email);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('hook_timeout');
    expect(error?.message).toBe('Failed to reach hook within maximum time of 5.000000 seconds');
    expect(await usersWith(server, email)).toHaveLength(0);
    expect((await server.client().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  }, 20_000);

  it('an answer over 200 KB fails with 422 hook_payload_over_size_limit', async () => {
    const email = 'http-oversize@example.com';
    const { error } = await signUpWhile('oversize', email);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('hook_payload_over_size_limit');
    expect(await usersWith(server, email)).toHaveLength(0);
  });

  it('an answer that is not JSON fails with 400 hook_payload_invalid_content_type', async () => {
    const email = 'http-text@example.com';
    const { error } = await signUpWhile('text', email);
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('hook_payload_invalid_content_type');
    expect(error?.message).toBe('Invalid JSON response. Received content-type: text/plain');
    expect(await usersWith(server, email)).toHaveLength(0);
  });
});
