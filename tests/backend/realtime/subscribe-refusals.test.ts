// Why a postgres_changes subscription is refused, in Realtime's words, through realtime-js: bad
// filter values and columns as Realtime reports its failed subscription insert, filters on a whole
// schema, and a live filtered subscription whose token is downgraded to one that may not use it.
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { disconnect, Inbox, signIn, subscribe } from './support.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

const SETUP_SQL = `
create schema shop;
grant usage on schema shop to anon, authenticated;
create table shop.apples (id int primary key, tag text);
create table shop.pears (id int primary key, tag text);
grant select on shop.apples, shop.pears to anon, authenticated;
alter publication supabase_realtime add table shop.apples, shop.pears;

create table public.vault (id int primary key, note text, secret text);
revoke select on public.vault from anon;
grant select (id, note) on public.vault to anon;
alter publication supabase_realtime add table public.vault;
`;

describe('postgres_changes refusals as Realtime words them', () => {
  let server: TestServer;
  let anon: SupabaseClient;
  let channels = 0;

  /** The reason a binding is refused with, or 'subscribed'. */
  async function refusal(binding: Record<string, string>): Promise<string> {
    channels += 1;
    const channel = anon
      .channel(`refusal-${channels}`)
      .on('postgres_changes', binding as never, () => undefined);
    return subscribe(channel).then(
      () => 'subscribed',
      (error: unknown) => (error as Error).message,
    );
  }

  beforeAll(async () => {
    server = await startTestServer();
    await server.server.db.exec(SETUP_SQL);
    anon = server.client();
  });
  afterAll(async () => {
    await disconnect(anon);
    await server.stop();
  });

  it('reports a value its column cannot take as the failed subscription, with the SQLSTATE', async () => {
    expect(
      await refusal({ event: '*', schema: 'shop', table: 'apples', filter: 'id=eq.notanumber' }),
    ).toBe(
      'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: *, schema: shop, table: apples, filters: [id=eq.notanumber]]. Exception: ERROR 22P02 (invalid_text_representation) invalid input syntax for type integer: "notanumber"',
    );
  });

  it('reports an unknown filter column as the raised exception of the subscription check', async () => {
    expect(
      await refusal({ event: 'INSERT', schema: 'shop', table: 'apples', filter: 'colour=eq.red' }),
    ).toBe(
      'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: INSERT, schema: shop, table: apples, filters: [colour=eq.red]]. Exception: ERROR P0001 (raise_exception) invalid column for filter colour',
    );
  });

  it('refuses a filter without a table as Realtime finds no subscription params', async () => {
    expect(await refusal({ event: '*', schema: 'shop', filter: 'tag=eq.red' })).toBe(
      'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{"event" => "*", "filter" => "tag=eq.red", "schema" => "shop"}',
    );
  });

  it("filters a whole schema's changes when every published table has the column", async () => {
    const inbox = new Inbox<Change>();
    const channel = anon
      .channel('whole-shop')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'shop', table: '*', filter: 'tag=eq.red' },
        inbox.push,
      );
    await subscribe(channel);
    await server.server.db.exec(`
      insert into shop.apples values (1, 'green'), (2, 'red');
      insert into shop.pears values (1, 'red');`);
    const first = await inbox.next();
    const second = await inbox.next((change) => change !== first);
    expect(
      [first, second].map((change) => [change.table, change.new]).sort((a, b) => (a < b ? -1 : 1)),
    ).toEqual([
      ['apples', { id: 2, tag: 'red' }],
      ['pears', { id: 1, tag: 'red' }],
    ]);
    expect(inbox.items.some((change) => (change.new as { tag?: string }).tag === 'green')).toBe(
      false,
    );
    await anon.removeChannel(channel);

    // A published table without the column fails the whole-schema filter, as Realtime's check of
    // each table's subscription does.
    await server.server.db.exec(`
      create table shop.plums (id int primary key);
      grant select on shop.plums to anon;
      alter publication supabase_realtime add table shop.plums;`);
    expect(await refusal({ event: '*', schema: 'shop', table: '*', filter: 'tag=eq.red' })).toBe(
      'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: *, schema: shop, table: *, filters: [tag=eq.red]]. Exception: ERROR P0001 (raise_exception) invalid column for filter tag',
    );
  });

  it('fails a filtered subscription when its token is downgraded to a role that may not use the filter', async () => {
    const member = await signIn(server, 'member');
    const admin = server.admin();
    const changes = new Inbox<Change>();
    const statuses = new Inbox<{ status: string; message: string }>();
    const channel = member
      .channel('vault-secret')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'vault', filter: 'secret=eq.open-sesame' },
        changes.push,
      );
    channel.subscribe((status, error) => {
      statuses.push({ status, message: error?.message ?? '' });
    });
    await statuses.next((item) => item.status === 'SUBSCRIBED');
    const everything = new Inbox<Change>();
    await subscribe(
      admin
        .channel('vault-all')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'vault' },
          everything.push,
        ),
    );
    await server.server.db.exec(`insert into public.vault values (1, 'first', 'open-sesame')`);
    expect((await changes.next()).new).toEqual({ id: 1, note: 'first', secret: 'open-sesame' });

    // Signing out pushes the anon key: anon may not select `secret`, so its values must stop
    // steering what arrives, and the client hears why.
    await member.auth.signOut();
    const failed = await statuses.next(
      (item) => item.status === 'CHANNEL_ERROR' && item.message.includes('invalid column'),
      20_000,
    );
    expect(failed.message).toBe(
      'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: INSERT, schema: public, table: vault, filters: [secret=eq.open-sesame]]. Exception: ERROR P0001 (raise_exception) invalid column for filter secret',
    );
    await server.server.db.exec(`insert into public.vault values (2, 'second', 'open-sesame')`);
    await everything.next((change) => (change.new as { id?: number }).id === 2);
    expect(changes.items).toHaveLength(1);
    await disconnect(member, admin);
  });
});
