// Issue 14: live comments must not die when an article is popular. 150 and 1,000 postgres_changes
// subscriptions through supabase-js (a few sockets carrying many channels, to stay light on CPU), with
// identical filters, distinct filters, and distinct filters mixed with unfiltered subscriptions. Each
// subscription must receive every change it may see (RLS: a hidden comment only for the moderator),
// exactly once, in commit order. Every expectation ends with an `end` comment each subscription sees,
// so what arrived before it is everything it will get.
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { disconnect, Inbox, signIn, subscribe } from './support.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

const SOCKETS = 10;
const WAIT_MS = 60_000;

interface Row {
  key: string;
  body: string;
  status: 'visible' | 'hidden';
}

interface Subscription {
  /** The article keys its filter admits; null: no filter. */
  keys: string[] | null;
  moderator: boolean;
  inbox: Inbox<Change>;
}

describe('postgres_changes at scale through supabase-js', () => {
  let server: TestServer;
  let clients: SupabaseClient[] = [];
  let round = 0;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  /** Subscribes `count` channels over SOCKETS sockets (the last one a moderator's). */
  async function subscribeAll(
    count: number,
    filterOf: (index: number) => string[] | null,
  ): Promise<Subscription[]> {
    round += 1;
    clients = [
      ...Array.from({ length: SOCKETS - 1 }, () => server.client()),
      await signIn(server, 'moderator'),
    ];
    const subscriptions = Array.from({ length: count }, (_, index) => {
      const keys = filterOf(index);
      const socket = index % SOCKETS;
      const inbox = new Inbox<Change>();
      const filter = keys ? { filter: `article_key=in.(${keys.join(',')})` } : {};
      const channel = (clients[socket] as SupabaseClient)
        .channel(`scale-${String(round)}-${String(index)}`)
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'comments', ...filter },
          inbox.push,
        );
      return { keys, moderator: socket === SOCKETS - 1, inbox, channel };
    });
    // Joined in slices, as readers arrive, so the join queue stays short.
    for (let start = 0; start < count; start += 100) {
      await Promise.all(subscriptions.slice(start, start + 100).map((s) => subscribe(s.channel)));
    }
    return subscriptions;
  }

  /** Inserts the rows in one transaction (in this order), then the `end` row every filter admits. */
  async function insert(rows: Row[], end: string): Promise<void> {
    await server.server.db.query(
      `insert into public.comments (article_key, author_id, body, language, status)
       select r.value ->> 'key', '5eed0000-0000-4000-8000-000000000002', r.value ->> 'body', 'en',
              r.value ->> 'status'
       from jsonb_array_elements($1::jsonb) with ordinality as r(value, ord)
       order by r.ord`,
      [JSON.stringify(rows)],
    );
    await server.server.db.query(
      `insert into public.comments (article_key, author_id, body, language)
       values ($1, '5eed0000-0000-4000-8000-000000000002', 'end', 'en')`,
      [end],
    );
  }

  async function expectEveryoneServed(subscriptions: Subscription[], rows: Row[]) {
    for (const subscription of subscriptions) {
      const { keys, moderator, inbox } = subscription;
      await inbox.next((change) => (change.new as { body?: string }).body === 'end', WAIT_MS);
      const expected = rows
        .filter((row) => keys === null || keys.includes(row.key))
        .filter((row) => row.status === 'visible' || moderator)
        .map((row) => row.body);
      expect(inbox.items.map((change) => (change.new as { body: string }).body)).toEqual([
        ...expected,
        'end',
      ]);
    }
    await disconnect(...clients);
  }

  for (const count of [150, 1000]) {
    it(`serves ${String(count)} subscriptions with one identical filter`, async () => {
      const subscriptions = await subscribeAll(count, () => ['popular', 'end-same']);
      const rows: Row[] = [
        { key: 'popular', body: 'first', status: 'visible' },
        { key: 'popular', body: 'spam', status: 'hidden' },
        { key: 'elsewhere', body: 'not here', status: 'visible' },
        { key: 'popular', body: 'second', status: 'visible' },
      ];
      await insert(rows, 'end-same');
      await expectEveryoneServed(subscriptions, rows);
    });

    it(`serves ${String(count)} subscriptions with distinct filters`, async () => {
      const subscriptions = await subscribeAll(count, (index) => [`d-${String(index)}`, 'end-d']);
      const rows: Row[] = Array.from({ length: count }, (_, index) => ({
        key: `d-${String(index)}`,
        body: `for ${String(index)}`,
        status: 'visible' as const,
      }));
      rows.push({ key: 'd-9', body: 'hidden for 9', status: 'hidden' });
      rows.push({ key: 'd-0', body: 'again for 0', status: 'visible' });
      await insert(rows, 'end-d');
      await expectEveryoneServed(subscriptions, rows);
    });

    it(`serves ${String(count)} subscriptions, distinct filters mixed with unfiltered`, async () => {
      const subscriptions = await subscribeAll(count, (index) =>
        index % 2 === 0 ? null : [`m-${String(index)}`, 'end-m'],
      );
      const rows: Row[] = [1, 3, 5, 9, 99].map((index) => ({
        key: `m-${String(index)}`,
        body: `mixed ${String(index)}`,
        status: 'visible' as const,
      }));
      rows.splice(2, 0, { key: 'm-3', body: 'hidden mixed', status: 'hidden' });
      await insert(rows, 'end-m');
      await expectEveryoneServed(subscriptions, rows);
    });
  }
});
