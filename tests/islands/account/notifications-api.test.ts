// The account page's reply e-mails switch against a real local backend: on by default, off and on
// again, only the member's own row, and the unsubscribe link's function flipping the same setting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReplyEmails, saveReplyEmails } from '../../../src/islands/account/notifications-api';
import { startTestServer, type TestServer } from '../../backend/helpers/server.ts';
import { newMember } from '../comments/support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('reply e-mails switch', () => {
  it('is on for a new member, turns off and on again, and stays the member’s own', async () => {
    const { client, id } = await newMember(server, 'Switch Tester', 'switch-tester-1');
    expect(await loadReplyEmails(client, id)).toEqual({ ok: true, value: true });
    expect(await saveReplyEmails(client, id, false)).toEqual({ ok: true, value: false });
    expect(await loadReplyEmails(client, id)).toEqual({ ok: true, value: false });
    expect(await saveReplyEmails(client, id, true)).toEqual({ ok: true, value: true });
    expect(await loadReplyEmails(client, id)).toEqual({ ok: true, value: true });

    const other = await newMember(server, 'Someone Else', 'switch-tester-2');
    expect(await saveReplyEmails(other.client, id, false)).toMatchObject({ ok: false });
    expect(await loadReplyEmails(client, id)).toEqual({ ok: true, value: true });
  });

  it('cannot read or change the unsubscribe token, which stays the database’s', async () => {
    const { client, id } = await newMember(server, 'Token Tester', 'switch-tester-3');
    await saveReplyEmails(client, id, true);
    const { error } = await client.from('notification_preferences').select('unsubscribe_token');
    expect(error?.code).toBe('42501');
  });

  it('shows the unsubscribe link’s change: the same setting', async () => {
    const { client, id } = await newMember(server, 'Link Tester', 'switch-tester-4');
    await saveReplyEmails(client, id, true);
    const { rows } = await server.server.db.query<{ token: string }>(
      'select unsubscribe_token::text as token from public.notification_preferences where user_id = $1',
      [id],
    );
    const answer = await server.client().rpc('unsubscribe_reply_emails', { token: rows[0]?.token });
    expect(answer.data).toBe(true);
    expect(await loadReplyEmails(client, id)).toEqual({ ok: true, value: false });
  });
});
