// postgres_changes through supabase-js: each change reaches only the subscribers whose own role and
// claims may select the row (RLS), filters narrow them, DELETE carries what the replica identity
// gives, and signing out downgrades a live subscription to what anon may see.
import {
  postgresChangesFilter,
  type RealtimePostgresChangesPayload,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { articles } from '../rls/demo.ts';
import { demoUsers, disconnect, Inbox, signIn, subscribe } from './support.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

interface Binding {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  table: string;
  filter?: string;
}

let channelCount = 0;

/** Subscribes `client` to one postgres_changes binding; returns what it receives. */
async function watch(client: SupabaseClient, binding: Binding): Promise<Inbox<Change>> {
  const inbox = new Inbox<Change>();
  channelCount += 1;
  const channel = client.channel(`changes-${channelCount}`).on(
    'postgres_changes',
    {
      event: binding.event,
      schema: 'public',
      table: binding.table,
      ...(binding.filter ? { filter: binding.filter } : {}),
    } as never,
    inbox.push,
  );
  await subscribe(channel);
  return inbox;
}

const bodyIs = (body: string) => (change: Change) =>
  (change.new as { body?: string }).body === body;

describe('postgres_changes through supabase-js', () => {
  let server: TestServer;
  let member: SupabaseClient;
  let otherMember: SupabaseClient;
  let moderator: SupabaseClient;
  let anon: SupabaseClient;

  /** Inserts a comment as the superuser (no rate limits), e.g. a hidden one. */
  async function insertComment(
    body: string,
    status = 'visible',
    article: string = articles.nightTrains,
  ) {
    const { rows } = await server.server.db.query<{ id: string }>(
      `insert into public.comments (article_key, author_id, body, language, status)
       values ($1, $2, $3, 'en', $4) returning id::text`,
      [article, demoUsers.otherMember.id, body, status],
    );
    return rows[0]?.id ?? '';
  }

  beforeAll(async () => {
    server = await startTestServer();
    [member, otherMember, moderator] = await Promise.all([
      signIn(server, 'member'),
      signIn(server, 'otherMember'),
      signIn(server, 'moderator'),
    ]);
    anon = server.client();
  });
  afterAll(async () => {
    await disconnect(member, otherMember, moderator, anon);
    await server.stop();
  });

  it('delivers a comment posted through REST to members and readers, with typed columns', async () => {
    const [asMember, asAnon] = await Promise.all([
      watch(member, { event: 'INSERT', table: 'comments' }),
      watch(anon, { event: 'INSERT', table: 'comments' }),
    ]);
    const { error } = await otherMember.from('comments').insert({
      article_key: articles.unicode,
      body: 'Live from the other member',
      language: 'en',
    });
    expect(error).toBeNull();
    for (const inbox of [asMember, asAnon]) {
      const change = await inbox.next(bodyIs('Live from the other member'));
      expect(change).toMatchObject({
        schema: 'public',
        table: 'comments',
        eventType: 'INSERT',
        errors: null,
        new: {
          article_key: articles.unicode,
          author_id: demoUsers.otherMember.id,
          status: 'visible',
          parent_id: null,
        },
        old: {},
      });
      expect(Date.parse(change.commit_timestamp)).not.toBeNaN();
    }
  });

  it('sends hidden comments to moderators only', async () => {
    const [asMember, asModerator] = await Promise.all([
      watch(member, { event: '*', table: 'comments' }),
      watch(moderator, { event: '*', table: 'comments' }),
    ]);
    await insertComment('hidden spam', 'hidden');
    await insertComment('visible after the spam');

    await asMember.next(bodyIs('visible after the spam'));
    expect(asMember.items.some(bodyIs('hidden spam'))).toBe(false);
    await asModerator.next(bodyIs('hidden spam'));
    await asModerator.next(bodyIs('visible after the spam'));
  });

  it('stops updating other members about a comment a moderator hid; its author still hears', async () => {
    const id = await insertComment('soon hidden');
    const sentinel = await insertComment('stays visible');
    const [asMember, asAuthor, asModerator] = await Promise.all([
      watch(member, { event: 'UPDATE', table: 'comments' }),
      watch(otherMember, { event: 'UPDATE', table: 'comments' }),
      watch(moderator, { event: 'UPDATE', table: 'comments' }),
    ]);
    const hidden = await moderator.rpc('hide_comment', { comment_id: id });
    expect(hidden.error).toBeNull();
    const edit = await otherMember.from('comments').update({ body: 'edited' }).eq('id', sentinel);
    expect(edit.error).toBeNull();

    await asMember.next((change) => (change.new as { id?: string }).id === sentinel);
    expect(asMember.items.some((change) => (change.new as { id?: string }).id === id)).toBe(false);
    for (const inbox of [asAuthor, asModerator]) {
      const change = await inbox.next((c) => (c.new as { id?: string }).id === id);
      // comments has row level security: the old record is the primary key alone, as on Supabase.
      expect(change.old).toEqual({ id });
      expect(change.new).toMatchObject({ id, status: 'hidden' });
    }
  });

  it('applies filters: eq on the article and in on the language', async () => {
    const [onArticle, inLanguages] = await Promise.all([
      watch(anon, {
        event: 'INSERT',
        table: 'comments',
        filter: `article_key=eq.${articles.borrowedWords}`,
      }),
      watch(anon, { event: 'INSERT', table: 'comments', filter: 'language=in.(de,fr)' }),
    ]);
    await insertComment('elsewhere', 'visible', articles.nightTrains);
    await server.server.db.query(
      `insert into public.comments (article_key, author_id, body, language)
       values ($1, $2, 'auf Deutsch', 'de'), ($3, $2, 'on the borrowed words', 'en')`,
      [articles.nightTrains, demoUsers.otherMember.id, articles.borrowedWords],
    );
    const onTopic = await onArticle.next(bodyIs('on the borrowed words'));
    expect(onTopic.new).toMatchObject({ article_key: articles.borrowedWords });
    expect(onArticle.items).toHaveLength(1);
    await inLanguages.next(bodyIs('auf Deutsch'));
    expect(inLanguages.items.map((change) => (change.new as { body: string }).body)).toEqual([
      'auf Deutsch',
    ]);
  });

  it("applies negated, comma-joined and pattern filters from realtime-js's filter builder", async () => {
    const filter = postgresChangesFilter()
      .eq('article_key', articles.borrowedWords)
      .not('language', 'in', ['de', 'fr'])
      .ilike('body', '%train%')
      .is('parent_id', null)
      .build();
    const inbox = await watch(anon, { event: 'INSERT', table: 'comments', filter });
    // One statement, one transaction: the rows reach the filter in this order, the match last.
    await server.server.db.query(
      `insert into public.comments (article_key, author_id, body, language)
       values ($1, $3, 'a train elsewhere', 'en'), ($2, $3, 'ein Train', 'de'),
              ($2, $3, 'no match here', 'en'), ($2, $3, 'a night TRAIN', 'en')`,
      [articles.nightTrains, articles.borrowedWords, demoUsers.otherMember.id],
    );
    await inbox.next(bodyIs('a night TRAIN'));
    expect(inbox.items.map((change) => (change.new as { body: string }).body)).toEqual([
      'a night TRAIN',
    ]);
  });

  it("refuses a filter Realtime refuses, with Realtime's reason as the channel error", async () => {
    const refused = async (filter: string) => {
      const channel = anon
        .channel(`refused-${filter}`)
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'comments', filter },
          () => undefined,
        );
      return subscribe(channel).then(
        () => 'subscribed',
        (error: unknown) => (error as Error).message,
      );
    };
    expect(await refused('body=fts.train')).toContain(
      'Error parsing `filter` params: ["fts", "train"]',
    );
    expect(await refused('body=eq.a,,language=eq.en')).toContain(
      'Error parsing `filter` params: filter must not contain empty segments (check for extra commas)',
    );
    expect(await refused('body=match.(unclosed')).toMatch(
      /Exception: ERROR 2201B \(invalid_regular_expression\) invalid regular expression/,
    );
    expect(await refused('language=in.en')).toContain(
      'Error parsing `filter` params: `in` filter value must be wrapped by parentheses',
    );
  });

  it('sends the primary key of a deleted reaction as its old record', async () => {
    const deletions = await watch(anon, { event: 'DELETE', table: 'reactions' });
    const added = await member
      .from('reactions')
      .insert({ article_key: articles.borrowedWords, kind: 'funny' });
    expect(added.error).toBeNull();
    const removed = await member
      .from('reactions')
      .delete()
      .match({ article_key: articles.borrowedWords, kind: 'funny' });
    expect(removed.error).toBeNull();
    const change = await deletions.next();
    expect(change.eventType).toBe('DELETE');
    expect(change.old).toEqual({
      article_key: articles.borrowedWords,
      user_id: demoUsers.member.id,
      kind: 'funny',
    });
    expect(change.new).toEqual({});
  });

  it('downgrades a live subscription to anon when its user signs out', async () => {
    const client = await signIn(server, 'moderator');
    const inbox = new Inbox<Change>();
    const channel = client
      .channel('sign-out-watch', { config: { broadcast: { ack: true } } })
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'comments' }, inbox.push);
    await subscribe(channel);
    await insertComment('hidden while signed in', 'hidden');
    await inbox.next(bodyIs('hidden while signed in'));

    await client.auth.signOut();
    await vi.waitFor(() => {
      expect(client.realtime.accessTokenValue).toBe(server.anonKey);
    });
    // Messages on one socket are handled in order: once this acked broadcast returns, the server
    // has applied the access_token push sent before it.
    expect(await channel.send({ type: 'broadcast', event: 'sync', payload: {} })).toBe('ok');

    await insertComment('hidden after sign-out', 'hidden');
    await insertComment('visible after sign-out');
    await inbox.next(bodyIs('visible after sign-out'));
    expect(inbox.items.some(bodyIs('hidden after sign-out'))).toBe(false);
    await disconnect(client);
  });

  it('refuses a subscription to a missing table or with a bad filter, giving the reason', async () => {
    const missing = anon
      .channel('missing-table')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'nope' }, () => undefined);
    await expect(subscribe(missing)).rejects.toThrow(/Unable to subscribe to changes/);
    const unpublishedSchema = anon
      .channel('unpublished-schema')
      .on('postgres_changes', { event: '*', schema: 'storage' }, () => undefined);
    await expect(subscribe(unpublishedSchema)).rejects.toThrow(/Unable to subscribe to changes/);
    const publishedSchema = anon
      .channel('published-schema')
      .on('postgres_changes', { event: '*', schema: 'public' }, () => undefined);
    await subscribe(publishedSchema);

    const badColumn = anon
      .channel('bad-column')
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'comments', filter: 'colour=eq.red' },
        () => undefined,
      );
    await expect(subscribe(badColumn)).rejects.toThrow(/invalid column for filter colour/);

    const badValue = anon
      .channel('bad-value')
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'comments', filter: 'id=eq.not-a-uuid' },
        () => undefined,
      );
    await expect(subscribe(badValue)).rejects.toThrow(/invalid input syntax for type uuid/);
  });

  it('refuses a filter on a column the role may not select, as Realtime does', async () => {
    await server.server.db.exec(`
      create table public.ledger (id bigint generated always as identity primary key, note text,
        secret text);
      revoke select on public.ledger from anon;
      grant select (id, note) on public.ledger to anon;
      alter publication supabase_realtime add table public.ledger;`);
    const on = (filter: string) =>
      anon
        .channel(`ledger-${filter}`)
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'ledger', filter },
          () => undefined,
        );
    // Else which changes arrive would tell anon the hidden column's values.
    await expect(subscribe(on('secret=eq.42'))).rejects.toThrow(/invalid column for filter secret/);
    await subscribe(on('note=eq.42'));
  });

  it('captures tables added to the publication while the server runs', async () => {
    await server.server.db.exec(`
      create table public.live_notes (id bigint generated always as identity primary key, note text);
      alter table public.live_notes enable row level security;
      create policy "anyone reads notes" on public.live_notes for select to anon using (true);
      grant select on public.live_notes to anon;
      alter publication supabase_realtime add table public.live_notes;
    `);
    const notes = await watch(anon, { event: 'INSERT', table: 'live_notes' });
    await server.server.db.query(`insert into public.live_notes (note) values ('hello')`);
    const change = await notes.next();
    expect(change.new).toEqual({ id: 1, note: 'hello' });
  });
});
