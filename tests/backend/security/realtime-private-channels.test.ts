// Private channels through supabase-js (`config: { private: true }`): the product's realtime.messages
// policies let every reader join `article:{key}`, hear what the database broadcasts there and be
// counted in its presence, while no client can broadcast on it or track presence as someone else.
// Topics without a policy refuse the join. Broadcast from Database (realtime.send and
// realtime.broadcast_changes) reaches the private channel, never the public one of the same name.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { demoUsers, disconnect, Inbox, signIn, subscribe } from '../realtime/support.ts';

interface Broadcast {
  event: string;
  payload: Record<string, unknown>;
}

function listen(channel: RealtimeChannel, event = '*'): Inbox<Broadcast> {
  const inbox = new Inbox<Broadcast>();
  channel.on('broadcast', { event }, (message) => {
    inbox.push({
      event: message.event,
      payload: (message['payload'] ?? {}) as Record<string, unknown>,
    });
  });
  return inbox;
}

function joinRefusal(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      const state: string = status;
      if (state === 'SUBSCRIBED') resolve(state);
      else if (state === 'CHANNEL_ERROR') resolve(error?.message ?? state);
    });
  });
}

describe('private channels authorized by the realtime.messages policies', () => {
  let server: TestServer;
  let anon: SupabaseClient;
  let member: SupabaseClient;
  let otherMember: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer();
    anon = server.client();
    [member, otherMember] = await Promise.all([
      signIn(server, 'member'),
      signIn(server, 'otherMember'),
    ]);
  });
  afterAll(async () => {
    await disconnect(anon, member, otherMember);
    await server.stop();
  });

  it('lets anonymous readers and members join an article channel, and refuses other topics', async () => {
    await subscribe(anon.channel('article:night-trains', { config: { private: true } }));
    await subscribe(member.channel('article:night-trains', { config: { private: true } }));
    for (const client of [anon, member]) {
      const refused = await joinRefusal(
        client.channel('moderators:queue', { config: { private: true } }),
      );
      expect(refused).toContain(
        'Unauthorized: You do not have permissions to read from this Channel topic: moderators:queue',
      );
    }
  });

  it('delivers realtime.send to the private channel only, with the message id', async () => {
    const privateChannel = anon.channel('article:ferries', { config: { private: true } });
    const privateInbox = listen(privateChannel, 'comment');
    const publicChannel = member.channel('article:ferries');
    const publicInbox = listen(publicChannel, 'comment');
    await Promise.all([subscribe(privateChannel), subscribe(publicChannel)]);

    await server.server.db.query(
      `select realtime.send('{"body": "first"}'::jsonb, 'comment', 'article:ferries', true),
              realtime.send('{"body": "public"}'::jsonb, 'comment', 'article:ferries', false)`,
    );
    const received = await privateInbox.next();
    expect(received.payload).toMatchObject({ body: 'first' });
    expect(received.payload['id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await publicInbox.next()).toMatchObject({ payload: { body: 'public' } });
    expect(privateInbox.items).toHaveLength(1);
    expect(publicInbox.items).toHaveLength(1);
  });

  it('delivers realtime.broadcast_changes from a row trigger, in commit order', async () => {
    await server.server.db.exec(`
      create table public.live_probe (id int primary key, note text);
      create function public.live_probe_broadcast() returns trigger
      language plpgsql security definer set search_path = '' as $$
      begin
        perform realtime.broadcast_changes('article:probe', tg_op, tg_op, tg_table_name,
          tg_table_schema, new, old);
        return null;
      end $$;
      create trigger live_probe_broadcast after insert or update or delete on public.live_probe
        for each row execute function public.live_probe_broadcast();`);
    const channel = member.channel('article:probe', { config: { private: true } });
    const inbox = listen(channel);
    await subscribe(channel);

    await server.server.db.exec(`
      insert into public.live_probe values (1, 'a');
      update public.live_probe set note = 'b' where id = 1;
      delete from public.live_probe where id = 1;`);
    await inbox.next((message) => message.event === 'DELETE');
    expect(inbox.items.map((message) => [message.event, message.payload])).toEqual([
      [
        'INSERT',
        expect.objectContaining({
          operation: 'INSERT',
          table: 'live_probe',
          schema: 'public',
          record: { id: 1, note: 'a' },
          old_record: null,
        }),
      ],
      [
        'UPDATE',
        expect.objectContaining({ record: { id: 1, note: 'b' }, old_record: { id: 1, note: 'a' } }),
      ],
      ['DELETE', expect.objectContaining({ record: null, old_record: { id: 1, note: 'b' } })],
    ]);
  });

  it('refuses broadcasts from clients on an article channel, so nobody can fake a comment', async () => {
    const speaker = member.channel('article:quiet', {
      config: { private: true, broadcast: { ack: true, self: true } },
    });
    const listener = anon.channel('article:quiet', { config: { private: true } });
    const inbox = listen(listener);
    await Promise.all([subscribe(speaker), subscribe(listener)]);

    expect(
      await speaker.send({ type: 'broadcast', event: 'comment', payload: { body: 'fake' } }),
    ).toBe('error');
    // The REST endpoint refuses it as well (202, but nothing is delivered).
    const viaRest = await member
      .channel('article:quiet', { config: { private: true } })
      .httpSend('comment', { body: 'fake too' });
    expect(viaRest.success).toBe(true);
    await server.server.db.query(
      `select realtime.send('{"body": "real"}'::jsonb, 'comment', 'article:quiet')`,
    );
    await inbox.next();
    expect(inbox.items.map((message) => message.payload['body'])).toEqual(['real']);
  });

  it('counts anonymous readers and members, each member only under their own id', async () => {
    // realtime-js keeps one channel per topic and client, so every reader has its own client.
    const [watcherClient, impostorClient] = [server.client(), server.client()];
    const watcher = watcherClient.channel('article:presence', { config: { private: true } });
    const joins = new Inbox<string>();
    watcher.on('presence', { event: 'join' }, ({ key }) => {
      joins.push(key);
    });
    await subscribe(watcher);

    const reader = anon.channel('article:presence', { config: { private: true } });
    await subscribe(reader);
    expect(await reader.track({ reading: true })).toBe('ok');

    const own = member.channel('article:presence', {
      config: { private: true, presence: { key: demoUsers.member.id } },
    });
    await subscribe(own);
    expect(await own.track({ reading: true })).toBe('ok');
    await joins.next((key) => key === demoUsers.member.id);

    // Another member's id, from a member and from an anonymous socket: refused.
    const impostor = otherMember.channel('article:presence', {
      config: { private: true, presence: { key: demoUsers.member.id } },
    });
    await subscribe(impostor);
    expect(await impostor.track({ reading: true })).toBe('error');
    const anonymousImpostor = impostorClient.channel('article:presence', {
      config: { private: true, presence: { key: demoUsers.otherMember.id } },
    });
    await subscribe(anonymousImpostor);
    expect(await anonymousImpostor.track({ reading: true })).toBe('error');

    const state = watcher.presenceState();
    expect(Object.keys(state)).toHaveLength(2);
    expect(state[demoUsers.member.id]).toHaveLength(1);
    expect(joins.items).not.toContain(demoUsers.otherMember.id);
    await disconnect(watcherClient, impostorClient);
  });
});
