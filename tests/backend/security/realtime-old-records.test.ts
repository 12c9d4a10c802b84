// Issue 8, finding 1: hidden comment text must reach no realtime subscriber. Tried as every role, each
// a supabase-js postgres_changes subscriber on one article's comments: the old record of an UPDATE is
// the primary key alone (comments has row level security), so a hidden comment's text never travels
// with its later edit or withdrawal; and the DELETE of a row the subscriber could not see is not sent
// at all. Each subscriber waits for a sentinel comment: changes arrive in commit order, so what came
// before it is everything it will ever get about the scenario.
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { demoUsers } from '../rls/demo.ts';
import { disconnect, Inbox, subscribe } from '../realtime/support.ts';
import { addSuspendedMember, roles, signInAs, type Role } from './auth-support.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

/** Who may read a hidden comment: its author (the member here) and moderation. */
const readsHidden: Record<Role, boolean> = {
  anonymous: false,
  member: true,
  otherMember: false,
  suspended: false,
  moderator: true,
  admin: true,
};

describe('realtime old records and deletes of hidden comments, for every role', () => {
  let server: TestServer;
  const inboxes = new Map<Role, Inbox<Change>>();
  const clients: Parameters<typeof disconnect> = [];
  let article = 0;

  beforeAll(async () => {
    server = await startTestServer();
    await addSuspendedMember(server);
  });
  afterAll(async () => {
    await disconnect(...clients);
    await server.stop();
  });

  /** Subscribes every role to the comments of a fresh article; returns its key. */
  async function watchArticle(): Promise<string> {
    article += 1;
    const key = `realtime-old-records-${String(article)}`;
    await Promise.all(
      roles.map(async (role) => {
        const client =
          role === 'anonymous' ? server.client() : (await signInAs(server, role)).client;
        clients.push(client);
        const inbox = new Inbox<Change>();
        const channel = client
          .channel(`old-records-${key}-${role}`)
          .on(
            'postgres_changes',
            { event: '*', schema: 'public', table: 'comments', filter: `article_key=eq.${key}` },
            inbox.push,
          );
        await subscribe(channel);
        inboxes.set(role, inbox);
      }),
    );
    return key;
  }

  async function sql(text: string, params: unknown[] = []): Promise<string> {
    const { rows } = await server.server.db.query<{ id: string }>(text, params);
    return rows[0]?.id ?? '';
  }

  /** Everything each role received before the sentinel comment on `key`. */
  async function receivedBeforeSentinel(key: string): Promise<Map<Role, Change[]>> {
    await sql(
      `insert into public.comments (article_key, author_id, body, language)
       values ($1, $2, 'sentinel', 'en')`,
      [key, demoUsers.admin.id],
    );
    const received = new Map<Role, Change[]>();
    for (const role of roles) {
      const inbox = inboxes.get(role) as Inbox<Change>;
      const sentinel = await inbox.next((c) => (c.new as { body?: string }).body === 'sentinel');
      received.set(role, inbox.items.slice(0, inbox.items.indexOf(sentinel)));
    }
    return received;
  }

  it('sends only the primary key as old record when a hidden comment is edited and withdrawn', async () => {
    const key = await watchArticle();
    const id = await sql(
      `insert into public.comments (article_key, author_id, body, language)
       values ($1, $2, 'first words', 'en') returning id::text`,
      [key, demoUsers.member.id],
    );
    const member = (await signInAs(server, 'member')).client;
    const moderator = (await signInAs(server, 'moderator')).client;
    clients.push(member, moderator);
    expect((await moderator.rpc('hide_comment', { comment_id: id })).error).toBeNull();
    const edit = await member.from('comments').update({ body: 'secret after hiding' }).eq('id', id);
    expect(edit.error).toBeNull();
    const withdraw = await member.from('comments').update({ status: 'deleted' }).eq('id', id);
    expect(withdraw.error).toBeNull();

    const received = await receivedBeforeSentinel(key);
    for (const role of roles) {
      const changes = received.get(role) ?? [];
      const text = JSON.stringify(changes);
      const updates = changes.filter((change) => change.eventType === 'UPDATE');
      for (const update of updates) expect(update.old, role).toEqual({ id });
      if (readsHidden[role]) {
        // Hide, edit, withdraw: the hidden text is seen only in `new`, by those who may read it.
        expect(
          updates.map((u) => (u.new as { status: string }).status),
          role,
        ).toEqual(['hidden', 'hidden', 'deleted']);
      } else {
        expect(text, role).not.toContain('secret after hiding');
        expect(
          updates.map((u) => (u.new as { status: string }).status),
          role,
        ).toEqual(['deleted']);
        expect(updates[0]?.new, role).toMatchObject({ id, body: '' });
      }
    }
  });

  it('sends the delete of a hidden comment only to those who could see it, with its key alone', async () => {
    const key = await watchArticle();
    const hidden = await sql(
      `insert into public.comments (article_key, author_id, body, language, status)
       values ($1, $2, 'hidden words', 'en', 'hidden') returning id::text`,
      [key, demoUsers.member.id],
    );
    const visible = await sql(
      `insert into public.comments (article_key, author_id, body, language)
       values ($1, $2, 'visible words', 'en') returning id::text`,
      [key, demoUsers.otherMember.id],
    );
    await sql('delete from public.comments where id = any($1::uuid[])', [[hidden, visible]]);

    const received = await receivedBeforeSentinel(key);
    for (const role of roles) {
      const changes = received.get(role) ?? [];
      if (!readsHidden[role]) expect(JSON.stringify(changes), role).not.toContain('hidden words');
      const deletes = changes.filter((change) => change.eventType === 'DELETE');
      const expected = readsHidden[role] ? [{ id: hidden }, { id: visible }] : [{ id: visible }];
      expect(
        deletes.map((change) => change.old),
        role,
      ).toEqual(expect.arrayContaining(expected));
      expect(deletes, role).toHaveLength(expected.length);
    }
  });
});
