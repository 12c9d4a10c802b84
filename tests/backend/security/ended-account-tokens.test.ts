// Finding 9 of issue 8: an access token stays valid for an hour after it was issued, but once its
// account is deleted (by an admin or by the member) or banned, REST, storage, realtime and auth all
// refuse it, through the one shared check (local-supabase/http/account.ts). Tried for a member, a
// member whose commenting is suspended, a moderator and an admin; a live account of the same kind
// making the same calls is the control.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { storageFields, tinyPng } from '../storage/support.ts';

const kinds = ['member', 'suspended', 'moderator', 'admin'] as const;
type Kind = (typeof kinds)[number];
const endings = ['deleted by an admin', 'deleted by the member', 'banned'] as const;
type Ending = (typeof endings)[number];

interface Account {
  id: string;
  token: string;
  /** A client that sends this access token on every request (REST, storage, realtime). */
  client: SupabaseClient;
  /** The same person's own signed-in client (for delete_my_account). */
  own: SupabaseClient;
}

let counter = 0;

async function makeAccount(server: TestServer, kind: Kind): Promise<Account> {
  counter += 1;
  const email = `${kind}-${counter}@ended.test`;
  const password = 'ended-account-password-1';
  const { data, error } = await server
    .admin()
    .auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(`creating ${email} failed: ${error.message}`);
  const id = data.user.id;
  if (kind === 'moderator' || kind === 'admin') {
    await server.server.db.query('update public.profiles set role = $2 where id = $1', [id, kind]);
  }
  if (kind === 'suspended') {
    await server.server.db.query(
      `update public.profiles set commenting_suspended_until = now() + interval '1 day' where id = $1`,
      [id],
    );
  }
  const own = server.client();
  const signedIn = await own.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw new Error(`sign-in as ${email} failed: ${signedIn.error.message}`);
  const token = signedIn.data.session.access_token;
  return { id, token, own, client: server.client({ accessToken: () => Promise.resolve(token) }) };
}

async function end(server: TestServer, account: Account, ending: Ending): Promise<void> {
  if (ending === 'deleted by an admin') {
    const { error } = await server.admin().auth.admin.deleteUser(account.id);
    expect(error).toBeNull();
  } else if (ending === 'deleted by the member') {
    const { error } = await account.own.rpc('delete_my_account');
    expect(error).toBeNull();
  } else {
    const { error } = await server
      .admin()
      .auth.admin.updateUserById(account.id, { ban_duration: '24h' });
    expect(error).toBeNull();
  }
}

function joinOutcome(client: SupabaseClient): Promise<string> {
  return new Promise((resolve) => {
    client.channel(`article:ended-${counter}`).subscribe((status, error) => {
      const state: string = status;
      if (state === 'SUBSCRIBED') resolve(state);
      else if (state === 'CHANNEL_ERROR') resolve(error?.message ?? state);
    });
  });
}

async function authUser(server: TestServer, token: string) {
  const response = await fetch(`${server.url}/auth/v1/user`, {
    headers: {
      apikey: server.anonKey,
      authorization: `Bearer ${token}`,
      'x-supabase-api-version': '2024-01-01',
    },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('access tokens of accounts that were deleted or banned', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each(kinds)('a live account (%s) makes every call (the control)', async (kind) => {
    const account = await makeAccount(server, kind);
    const rest = await account.client.from('profiles').select('id').eq('id', account.id);
    expect(rest.error).toBeNull();
    expect(rest.data).toEqual([{ id: account.id }]);
    const upload = await account.client.storage
      .from('avatars')
      .upload(`${account.id}/avatar.png`, tinyPng, { contentType: 'image/png' });
    expect(upload.error).toBeNull();
    expect(await joinOutcome(account.client)).toBe('SUBSCRIBED');
    expect((await authUser(server, account.token)).status).toBe(200);
    await account.client.removeAllChannels();
  });

  for (const ending of endings) {
    const problem = ending === 'banned' ? 'user_banned' : 'user_not_found';
    const message = ending === 'banned' ? 'User is banned' : 'does not exist';

    it.each(kinds)(
      `refuses the token everywhere once the account is ${ending} (%s)`,
      async (kind) => {
        const account = await makeAccount(server, kind);
        await end(server, account, ending);

        const rest = await account.client.from('profiles').select('id');
        expect(rest.status).toBe(401);
        expect(rest.error?.code).toBe('PGRST301');
        expect(rest.error?.message).toContain(message);

        const upload = await account.client.storage
          .from('avatars')
          .upload(`${account.id}/avatar.png`, tinyPng, { contentType: 'image/png' });
        expect(storageFields(upload.error).code).toBe('InvalidJWT');
        expect(upload.error?.message).toContain(message);
        const { rows } = await server.server.db.query(
          `select 1 from storage.objects where bucket_id = 'avatars' and name like $1`,
          [`${account.id}/%`],
        );
        expect(rows).toEqual([]);

        expect(await joinOutcome(account.client)).toContain(message);
        await account.client.removeAllChannels();

        const auth = await authUser(server, account.token);
        expect(auth.status).toBe(403);
        expect(auth.body['code']).toBe(problem);
      },
    );
  }
});
