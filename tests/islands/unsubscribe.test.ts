// The unsubscribe page's request against a real local backend: a member's token stops their reply
// e-mails without signing in; a made-up or malformed token says the link is not valid.
import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReplyEmails } from '../../src/islands/account/notifications-api';
import { unsubscribe } from '../../src/islands/unsubscribe/unsubscribe-api';
import { startTestServer, type TestServer } from '../backend/helpers/server.ts';
import { newMember } from './comments/support';

let server: TestServer;
let anonymous: PostgrestClient;

beforeAll(async () => {
  server = await startTestServer();
  anonymous = new PostgrestClient(`${server.url}/rest/v1`, {
    headers: { apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}` },
  });
});
afterAll(() => server.stop());

describe('unsubscribe link', () => {
  it('stops a member’s reply e-mails without signing in', async () => {
    const { client, id } = await newMember(server, 'Unsubscriber', 'unsubscriber-1');
    await client.from('notification_preferences').insert({ user_id: id });
    const { rows } = await server.server.db.query<{ token: string }>(
      'select unsubscribe_token::text as token from public.notification_preferences where user_id = $1',
      [id],
    );
    expect(await unsubscribe(anonymous, rows[0]?.token ?? '')).toBe('done');
    expect(await loadReplyEmails(client, id)).toEqual({ ok: true, value: false });
  });

  it('answers a stranger holding the token only that it worked, nothing about the member', async () => {
    const { client, id } = await newMember(server, 'Private Person', 'unsubscriber-2');
    await client.from('profiles').update({ locale: 'ar' }).eq('id', id);
    await client.from('notification_preferences').insert({ user_id: id });
    const { rows } = await server.server.db.query<{ token: string }>(
      'select unsubscribe_token::text as token from public.notification_preferences where user_id = $1',
      [id],
    );
    const answer = await anonymous.rpc('unsubscribe_reply_emails', { token: rows[0]?.token });
    expect(answer).toMatchObject({ error: null, data: true });
    const unknown = await anonymous.rpc('unsubscribe_reply_emails', {
      token: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown).toMatchObject({ error: null, data: null });
  });

  it('says a made-up or malformed token is not valid', async () => {
    expect(await unsubscribe(anonymous, '00000000-0000-4000-8000-000000000000')).toBe('invalid');
    expect(await unsubscribe(anonymous, 'not-a-token')).toBe('invalid');
  });

  it('says the network failed, in the errors’ own key', async () => {
    const offline = new PostgrestClient('http://127.0.0.1:9/rest/v1', {
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await unsubscribe(offline, '00000000-0000-4000-8000-000000000000')).toBe(
      'errors.offline',
    );
  });
});
