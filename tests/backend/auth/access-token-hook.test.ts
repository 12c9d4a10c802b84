// [auth.hook.custom_access_token] as GoTrue calls a Postgres function hook: the product's hook puts
// the member's role in the token; a hook that answers an error refuses the sign-in with it, and one
// that drops a required claim is refused with GoTrue's message.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = 'polyglot-demo-2026';

async function signIn(server: TestServer, email: string) {
  return server.client().auth.signInWithPassword({ email, password: PASSWORD });
}

describe('the product’s hook (config.toml)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('puts each member’s role in the access token as user_role, on sign-in and refresh', async () => {
    for (const [email, role] of [
      ['member@example.com', 'member'],
      ['moderator@example.com', 'moderator'],
      ['admin@example.com', 'admin'],
    ] as const) {
      const { data, error } = await signIn(server, email);
      expect(error).toBeNull();
      const claims = decodeJwt(data.session?.access_token ?? '');
      expect(claims['user_role']).toBe(role);
      expect(claims['role']).toBe('authenticated');
    }
    const client = server.client();
    await client.auth.signInWithPassword({ email: 'second@example.com', password: PASSWORD });
    await server
      .admin()
      .from('profiles')
      .update({ role: 'moderator' })
      .eq('id', '5eed0000-0000-4000-8000-000000000002');
    const { data } = await client.auth.refreshSession();
    expect(decodeJwt(data.session?.access_token ?? '')['user_role']).toBe('moderator');
  });
});

describe('a hook that refuses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      settings: {
        auth: {
          hook: {
            custom_access_token: {
              enabled: true,
              uri: 'pg-functions://postgres/public/strict_token_hook',
            },
          },
        },
      },
    });
    await server.server.db.exec(`
      create function public.strict_token_hook(event jsonb) returns jsonb language sql as $$
        select case event -> 'claims' ->> 'email'
          when 'member@example.com' then
            jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Members are on a break'))
          when 'second@example.com' then jsonb_build_object('claims', (event -> 'claims') - 'aal')
          else jsonb_build_object('claims', event -> 'claims')
        end
      $$;
      grant execute on function public.strict_token_hook(jsonb) to supabase_auth_admin;
    `);
  });
  afterAll(() => server.stop());

  it('answers the hook’s error and status', async () => {
    const { data, error } = await signIn(server, 'member@example.com');
    expect(data.session).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.message).toBe('Members are on a break');
  });

  it('refuses claims without a required one', async () => {
    const { error } = await signIn(server, 'second@example.com');
    expect(error?.status).toBe(500);
    expect(error?.message).toBe('output claims do not conform to the expected schema: missing aal');
  });

  it('passes the claims it returns through', async () => {
    const { data, error } = await signIn(server, 'admin@example.com');
    expect(error).toBeNull();
    expect(decodeJwt(data.session?.access_token ?? '')['user_role']).toBeUndefined();
  });
});
