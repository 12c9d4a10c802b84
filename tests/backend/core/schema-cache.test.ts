// The schema cache REST and realtime share: DDL run while the server is up (a new table, a new column,
// a policy, a publication change, a GRANT) reaches both services without a restart, through the one
// DDL notification; `NOTIFY pgrst, 'reload schema'` by hand still reloads; and a data directory
// bootstrapped with REST's former triggers is upgraded to the one notification on start.
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { disconnect, Inbox, subscribe } from '../realtime/support.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

const noteIs = (note: string) => (change: Change) =>
  (change.new as { note?: string }).note === note;

describe('schema changes while the server runs', () => {
  let server: TestServer;
  let anon: SupabaseClient;
  let admin: SupabaseClient;
  const db = () => server.server.db;

  beforeAll(async () => {
    server = await startTestServer();
    anon = server.client();
    admin = server.admin();
  });
  afterAll(async () => {
    await disconnect(anon, admin);
    await server.stop();
  });

  it('REST serves a table created and a column added after its schema cache was loaded', async () => {
    const service = server.admin();
    const before = await service.from('cache_books').select('*');
    expect(before.error?.code).toBe('PGRST205');

    await db().exec(`
      create table public.cache_books (id bigint primary key, title text);
      insert into public.cache_books values (1, 'Night Trains');
      grant select on public.cache_books to service_role;`);
    const created = await service.from('cache_books').select('id, title');
    expect(created.error).toBeNull();
    expect(created.data).toEqual([{ id: 1, title: 'Night Trains' }]);

    await db().exec(`alter table public.cache_books add column pages int default 212;`);
    const altered = await service.from('cache_books').select('title, pages');
    expect(altered.error).toBeNull();
    expect(altered.data).toEqual([{ title: 'Night Trains', pages: 212 }]);
  });

  it("NOTIFY pgrst, 'reload schema' by hand reloads REST's schema cache", async () => {
    const service = server.admin();
    // Without the DDL notification (as PostgREST runs without Supabase's event triggers) REST keeps
    // its cached schema until it is told by hand.
    await service.from('cache_books').select('id');
    await db().exec('alter event trigger local_ddl_watch disable');
    try {
      await db().exec(`
        create table public.cache_maps (id bigint primary key);
        grant select on public.cache_maps to service_role;`);
      const stale = await service.from('cache_maps').select('id');
      expect(stale.error?.code).toBe('PGRST205');
      await db().exec(`notify pgrst, 'reload schema'`);
      const reloaded = await service.from('cache_maps').select('id');
      expect(reloaded.error).toBeNull();
      expect(reloaded.data).toEqual([]);
    } finally {
      await db().exec('alter event trigger local_ddl_watch enable');
    }
  });

  it('realtime follows a publication change, a GRANT, a new policy and a new column', async () => {
    await db().exec(`
      create table public.cache_notes (id bigint generated always as identity primary key, note text);
      alter table public.cache_notes enable row level security;
      revoke all on public.cache_notes from anon;
      create policy "anyone reads notes" on public.cache_notes for select to anon using (true);`);
    const watchNotes = async (client: SupabaseClient, name: string) => {
      const inbox = new Inbox<Change>();
      const channel = client
        .channel(name)
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'cache_notes' },
          inbox.push,
        );
      await subscribe(channel);
      return inbox;
    };
    const notes = (inbox: Inbox<Change>) =>
      inbox.items.map((item) => (item.new as { note: string }).note);
    // Not published yet: refused with Realtime's reason, not accepted and left silent.
    await expect(watchNotes(anon, 'notes-unpublished')).rejects.toThrow(
      /Unable to subscribe to changes with given parameters/,
    );

    await db().exec('alter publication supabase_realtime add table public.cache_notes');
    const reader = await watchNotes(anon, 'notes');
    // The service role sees every change: once it has one, every subscriber's check of it is done
    // (visibility is decided when a change is delivered, so the next DDL must wait for that).
    const witness = await watchNotes(admin, 'notes-witness');
    const insert = async (note: string) => {
      await db().query('insert into public.cache_notes (note) values ($1)', [note]);
      await witness.next(noteIs(note));
    };

    await insert('before the grant');
    await db().exec('grant select on public.cache_notes to anon');
    await insert('after the grant');
    await reader.next(noteIs('after the grant'));
    expect(notes(reader)).toEqual(['after the grant']);

    await db().exec(`
      drop policy "anyone reads notes" on public.cache_notes;
      create policy "anyone reads open notes" on public.cache_notes for select to anon
        using (note <> 'secret');`);
    await insert('secret');
    await insert('open');
    await reader.next(noteIs('open'));
    expect(notes(reader)).toEqual(['after the grant', 'open']);

    // A column added to a published table is in the next change's record and columns.
    await db().exec('alter table public.cache_notes add column mood text');
    await db().query(`insert into public.cache_notes (note, mood) values ('with a mood', 'calm')`);
    const withMood = await reader.next(noteIs('with a mood'));
    expect(withMood.new).toMatchObject({ note: 'with a mood', mood: 'calm' });
  });
});

describe('a data directory bootstrapped before the shared schema watch', () => {
  it("is upgraded on start: REST's former triggers are replaced by the one DDL notification", async () => {
    let server = await startTestServer();
    try {
      // What the former bootstrap left: `rest/01_schema_watch.sql` recorded, its `pgrst` triggers
      // installed, and no `db/05_schema_watch.sql` yet.
      await server.server.db.exec(`
        drop event trigger local_ddl_watch;
        drop function extensions.local_ddl_watch();
        delete from _local_supabase.bootstrap where name = 'db/05_schema_watch.sql';
        insert into _local_supabase.bootstrap (name, hash) values ('rest/01_schema_watch.sql', 'old');
        create function extensions.pgrst_ddl_watch() returns event_trigger language plpgsql
          as $$ begin notify pgrst, 'reload schema'; end $$;
        create event trigger pgrst_ddl_watch on ddl_command_end
          execute procedure extensions.pgrst_ddl_watch();
        create function extensions.pgrst_drop_watch() returns event_trigger language plpgsql
          as $$ begin notify pgrst, 'reload schema'; end $$;
        create event trigger pgrst_drop_watch on sql_drop
          execute procedure extensions.pgrst_drop_watch();`);
      server = await server.restart();
      expect(server.server.startup.bootstrapped).toEqual(['db/05_schema_watch.sql']);
      const { rows } = await server.server.db.query<{ evtname: string }>(
        `select evtname from pg_event_trigger where evtname like '%watch' order by evtname`,
      );
      expect(rows.map((row) => row.evtname)).toEqual(['local_ddl_watch']);

      const service = server.admin();
      expect((await service.from('upgraded').select('id')).error?.code).toBe('PGRST205');
      await server.server.db.exec(`
        create table public.upgraded (id bigint primary key);
        grant select on public.upgraded to service_role;`);
      const { data, error } = await service.from('upgraded').select('id');
      expect(error).toBeNull();
      expect(data).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
