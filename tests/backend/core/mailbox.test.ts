import { describe, expect, it } from 'vitest';
import { createMailboxApp } from '../../../local-supabase/mailbox/app.ts';
import { Mailbox } from '../../../local-supabase/mailbox/store.ts';

function mailboxWithTwoMessages() {
  const mailbox = new Mailbox();
  mailbox.add({
    to: 'ada@example.test',
    from: 'Polyglot Press <noreply@localhost>',
    subject: 'Confirm your e-mail address',
    html: '<p>Hello</p><p><a href="http://localhost:4321/en/auth/confirm/?token_hash=abc&amp;type=email">Confirm</a></p>',
    text: 'Hello',
    type: 'confirmation',
  });
  mailbox.add({
    to: 'Grace@example.test',
    from: 'Polyglot Press <noreply@localhost>',
    subject: 'Your sign-in link and code',
    html: '<p>123456</p>',
    text: '123456',
    type: 'magic_link',
  });
  return { mailbox, app: createMailboxApp(mailbox) };
}

describe('the local mailbox', () => {
  it('lists messages as JSON for tests, newest first, filtered by recipient', async () => {
    const { app } = mailboxWithTwoMessages();
    const all = (await (await app.request('/api/messages')).json()) as { to: string }[];
    expect(all.map((m) => m.to)).toEqual(['Grace@example.test', 'ada@example.test']);
    const grace = (await (
      await app.request('/api/messages?to=grace@example.test')
    ).json()) as Record<string, unknown>[];
    expect(grace).toHaveLength(1);
    expect(grace[0]).toMatchObject({
      to: 'Grace@example.test',
      subject: 'Your sign-in link and code',
      html: '<p>123456</p>',
      text: '123456',
      sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
      id: expect.any(String) as string,
    });
  });

  it('shows a page a person can read, with the e-mail’s links clickable', async () => {
    const { app } = mailboxWithTwoMessages();
    const response = await app.request('/?to=ada@example.test');
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('<title>Local mailbox · ada@example.test</title>');
    expect(page).toContain('Confirm your e-mail address');
    // The e-mail is shown in a sandboxed frame that lets its links open a new tab.
    expect(page).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(page).toContain(
      'href=&#34;http://localhost:4321/en/auth/confirm/?token_hash=abc&amp;amp;type=email&#34;',
    );
    expect(page).not.toContain('Your sign-in link and code');
  });

  it('deletes messages for one recipient or all', async () => {
    const { app, mailbox } = mailboxWithTwoMessages();
    expect(
      (await app.request('/api/messages?to=ada@example.test', { method: 'DELETE' })).status,
    ).toBe(204);
    expect(mailbox.list().map((m) => m.to)).toEqual(['Grace@example.test']);
    await app.request('/api/messages', { method: 'DELETE' });
    expect(mailbox.list()).toEqual([]);
    const empty = await (await app.request('/')).text();
    expect(empty).toContain('No e-mails yet');
  });

  it('answers 404 for a message that does not exist', async () => {
    const { app } = mailboxWithTwoMessages();
    expect((await app.request('/api/messages/nope')).status).toBe(404);
  });
});
