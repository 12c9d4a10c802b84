// Delivery never drops silently. A table whose SELECT policy fails on demand (a sequence counts the
// failures still to come; sequences survive the rollback the check runs in): a failure that passes is
// retried once and the change arrives exactly once; a failure that persists for one subscriber's
// claims gives that subscriber Realtime's `system` error and an errored channel, which realtime-js
// rejoins, while the other subscribers of the same change are served.
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { demoUsers, disconnect, Inbox, signIn } from './support.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

describe('postgres_changes delivery failures', () => {
  let server: TestServer;
  let anon: SupabaseClient;
  let member: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer();
    await server.server.db.exec(`
      create sequence public.flaky_failures;
      create table public.flaky (id int primary key, note text);
      alter table public.flaky enable row level security;
      grant select on public.flaky to anon, authenticated;
      -- Fails while failures are owed (all callers), or always for the member while 'member' is set.
      create table public.flaky_settings (fail_member boolean not null default false, owed int not null default 0);
      insert into public.flaky_settings default values;
      grant select on public.flaky_settings to anon, authenticated;
      create function public.flaky_check() returns boolean language plpgsql volatile as $$
      declare
        settings record;
      begin
        select * into settings from public.flaky_settings;
        if nextval('public.flaky_failures') <= settings.owed then
          raise exception 'flaky policy failed once';
        end if;
        if settings.fail_member and auth.uid() = '${demoUsers.member.id}' then
          raise exception 'flaky policy fails for this member';
        end if;
        return true;
      end $$;
      grant usage on sequence public.flaky_failures to anon, authenticated;
      create policy "flaky" on public.flaky for select to anon, authenticated using (public.flaky_check());
      alter publication supabase_realtime add table public.flaky;`);
    anon = server.client();
    member = await signIn(server, 'member');
  });
  afterAll(async () => {
    await disconnect(anon, member);
    await server.stop();
  });

  function watch(client: SupabaseClient, name: string) {
    const changes = new Inbox<Change>();
    const system = new Inbox<{ status?: string; message?: string; extension?: string }>();
    const statuses = new Inbox<string>();
    const channel = client
      .channel(name)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'flaky' }, changes.push)
      .on('system', {}, system.push);
    channel.subscribe((status) => {
      statuses.push(status);
    });
    return { channel, changes, system, statuses };
  }

  it('retries a failed check once, and the change arrives exactly once', async () => {
    const reader = watch(anon, 'flaky-retry');
    await statuses(reader);
    await server.server.db.exec(`
      select setval('public.flaky_failures', 1, false);
      update public.flaky_settings set owed = 1;
      insert into public.flaky values (1, 'after one failure');
      insert into public.flaky values (2, 'no failure');`);
    await reader.changes.next((change) => (change.new as { id?: number }).id === 2);
    expect(reader.changes.items.map((change) => (change.new as { id: number }).id)).toEqual([1, 2]);
    expect(reader.system.items.filter((message) => message.status === 'error')).toEqual([]);
    await server.server.db.exec(`update public.flaky_settings set owed = 0;`);
  });

  it('tells a subscriber it cannot serve with a system error and lets it rejoin; others are served', async () => {
    const served = watch(anon, 'flaky-served');
    const failing = watch(member, 'flaky-failing');
    await Promise.all([statuses(served), statuses(failing)]);
    await server.server.db.exec(`
      update public.flaky_settings set fail_member = true;
      insert into public.flaky values (3, 'member cannot be checked');`);
    await served.changes.next((change) => (change.new as { id?: number }).id === 3);
    const error = await failing.system.next((message) => message.status === 'error');
    expect(error).toMatchObject({ extension: 'postgres_changes' });
    // The client is told what failed, not the database's words.
    expect(error.message).toBe(
      'Unable to deliver changes of public.flaky: the row level security check failed',
    );
    await failing.statuses.next((status) => status === 'CHANNEL_ERROR');

    // Fixed: the client rejoins by itself (realtime-js retries after 1 s) and hears new changes.
    await server.server.db.exec(`update public.flaky_settings set fail_member = false;`);
    const rejoined = failing.statuses.items.length;
    await failing.statuses.next(
      (status) => status === 'SUBSCRIBED' && failing.statuses.items.length > rejoined,
    );
    await server.server.db.exec(`insert into public.flaky values (4, 'after the rejoin');`);
    await failing.changes.next((change) => (change.new as { id?: number }).id === 4);
    expect(failing.changes.items.map((change) => (change.new as { id: number }).id)).toEqual([4]);
  });
});

/** Waits for the first SUBSCRIBED. */
async function statuses(watcher: { statuses: Inbox<string> }): Promise<void> {
  await watcher.statuses.next((status) => status === 'SUBSCRIBED');
}
