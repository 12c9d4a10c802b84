-- Change capture for postgres_changes. PGlite has no logical replication, so a row trigger on every
-- table in the `supabase_realtime` publication writes each change to a queue table and notifies the
-- server with the queue id; the server drains the queue after commit (a rolled-back transaction
-- notifies nothing). Local only: none of this is part of the product's migrations.
create table if not exists realtime.local_changes (
  id bigint generated always as identity primary key,
  schema_name text not null,
  table_name text not null,
  op text not null,
  record jsonb,
  old_record jsonb,
  commit_timestamp timestamptz not null default now()
);
revoke all on table realtime.local_changes from public, anon, authenticated, service_role;

create or replace function realtime.local_capture_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  change_id bigint;
begin
  insert into realtime.local_changes (schema_name, table_name, op, record, old_record)
  values (
    tg_table_schema,
    tg_table_name,
    tg_op,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  )
  returning id into change_id;
  perform pg_notify('realtime_local_changes', change_id::text);
  return null;
end;
$$;

-- Attaches the capture trigger to every published table and detaches it from tables that left.
create or replace function realtime.local_sync_capture()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target regclass;
begin
  for target in
    select format('%I.%I', p.schemaname, p.tablename)::regclass
    from pg_catalog.pg_publication_tables p
    where p.pubname = 'supabase_realtime'
      and not exists (
        select 1 from pg_catalog.pg_trigger t
        where t.tgname = 'supabase_realtime_local_capture'
          and t.tgrelid = format('%I.%I', p.schemaname, p.tablename)::regclass
      )
  loop
    execute format(
      'create trigger supabase_realtime_local_capture after insert or update or delete on %s '
      'for each row execute function realtime.local_capture_change()',
      target
    );
  end loop;
  for target in
    select t.tgrelid::regclass
    from pg_catalog.pg_trigger t
    join pg_catalog.pg_class c on c.oid = t.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where t.tgname = 'supabase_realtime_local_capture'
      and not exists (
        select 1 from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
      )
  loop
    execute format('drop trigger supabase_realtime_local_capture on %s', target);
  end loop;
end;
$$;

-- Keeps the triggers in step with the publication when migrations or tests change it at run time, in
-- the same transaction (a row inserted right after `alter publication … add table` is captured). The
-- server learns of schema changes from the backend's one DDL notification (db/schema-cache.ts).
create or replace function realtime.local_on_ddl()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.local_sync_capture();
end;
$$;

drop event trigger if exists realtime_local_on_ddl;
create event trigger realtime_local_on_ddl on ddl_command_end
  when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE',
    'CREATE TABLE AS',
    'SELECT INTO', 'ALTER TABLE')
  execute function realtime.local_on_ddl();

select realtime.local_sync_capture();


-- Broadcast from Database: realtime.send() inserts into realtime.messages; the message joins the same
-- queue as the row changes (op BROADCAST), so broadcasts and postgres_changes of one transaction reach
-- subscribers in commit order. Authorization probes (no payload, always rolled back) are not queued.
create or replace function realtime.local_capture_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  change_id bigint;
begin
  insert into realtime.local_changes (schema_name, table_name, op, record)
  values ('realtime', 'messages', 'BROADCAST', jsonb_build_object(
    'topic', new.topic, 'event', new.event, 'private', coalesce(new.private, false),
    'payload', new.payload))
  returning id into change_id;
  perform pg_notify('realtime_local_changes', change_id::text);
  return null;
end;
$$;

drop trigger if exists supabase_realtime_local_messages on realtime.messages;
create trigger supabase_realtime_local_messages
  after insert on realtime.messages
  for each row
  when (new.extension = 'broadcast' and new.payload is not null)
  execute function realtime.local_capture_message();

-- Private channel authorization as hosted Realtime does it, for many joins in one call (a join storm
-- of 1,000 readers is one round trip, not 1,000): for each request {topic, claims}, probe messages are
-- inserted for the topic; as that role and those claims (and realtime.topic() set), SELECT policies
-- decide read access to broadcast and presence, and an INSERT of each extension decides write access.
-- Everything is rolled back (the raise at the end undoes the probes and the role switch). Returns
-- [{broadcast_read, presence_read, broadcast_write, presence_write}] in the order of `requests`; a
-- policy that raises is confined to its request: {"error": message} in its place.
drop function if exists realtime.local_channel_access(text, jsonb);
create or replace function realtime.local_channel_access(requests jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  request jsonb;
  claims jsonb;
  channel_topic text;
  access jsonb := '[]'::jsonb;
  broadcast_id uuid;
  presence_id uuid;
  can_broadcast_read boolean;
  can_presence_read boolean;
  can_broadcast_write boolean;
  can_presence_write boolean;
  failure text;
begin
  for request in select value from jsonb_array_elements(requests) loop
    claims := request -> 'claims';
    channel_topic := request ->> 'topic';
    can_broadcast_read := false;
    can_presence_read := false;
    can_broadcast_write := false;
    can_presence_write := false;
    failure := null;
    begin
      broadcast_id := gen_random_uuid();
      presence_id := gen_random_uuid();
      insert into realtime.messages (id, topic, extension)
      values (broadcast_id, channel_topic, 'broadcast'), (presence_id, channel_topic, 'presence');
      perform set_config('role', claims ->> 'role', true),
        set_config('realtime.topic', channel_topic, true),
        set_config('request.jwt.claims', claims::text, true),
        set_config('request.jwt.claim.sub', coalesce(claims ->> 'sub', ''), true),
        set_config('request.jwt.claim.role', claims ->> 'role', true);
      select
        coalesce(bool_or(m.id = broadcast_id), false),
        coalesce(bool_or(m.id = presence_id), false)
      into can_broadcast_read, can_presence_read
      from realtime.messages as m
      where m.topic = channel_topic
        and ((m.extension = 'broadcast' and m.id = broadcast_id)
          or (m.extension = 'presence' and m.id = presence_id));
      begin
        insert into realtime.messages (topic, extension) values (channel_topic, 'broadcast');
        can_broadcast_write := true;
      exception when insufficient_privilege then
        can_broadcast_write := false;
      end;
      begin
        insert into realtime.messages (topic, extension) values (channel_topic, 'presence');
        can_presence_write := true;
      exception when insufficient_privilege then
        can_presence_write := false;
      end;
      raise exception using errcode = 'P0R01';
    exception
      when sqlstate 'P0R01' then null;
      when others then failure := sqlerrm;
    end;
    access := access || jsonb_build_array(case when failure is null then jsonb_build_object(
      'broadcast_read', can_broadcast_read, 'presence_read', can_presence_read,
      'broadcast_write', can_broadcast_write, 'presence_write', can_presence_write)
      else jsonb_build_object('error', failure) end);
  end loop;
  return access;
end;
$$;
revoke all on function realtime.local_channel_access(jsonb) from public, anon, authenticated, service_role;

-- The filter values of many joins checked in one call: each check is a statement the server built
-- (`select <filter> from <an empty row of the table>`) that casts every value to its column's type,
-- with the values in $1. Returns, in order, null for a check that passed or the error's SQLSTATE and
-- message (`22P02 invalid input syntax for type integer: "x"`).
create or replace function realtime.local_check_filters(checks jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  item jsonb;
  output jsonb := '[]'::jsonb;
  failure text;
begin
  for item in select value from jsonb_array_elements(checks) loop
    failure := null;
    begin
      execute item ->> 'statement' using item -> 'input';
    exception when others then
      -- The SQLSTATE first: Realtime's message names it (`ERROR 22P02 (invalid_text_representation) …`).
      failure := sqlstate || ' ' || sqlerrm;
    end;
    output := output || jsonb_build_array(failure);
  end loop;
  return output;
end;
$$;
revoke all on function realtime.local_check_filters(jsonb) from public, anon, authenticated, service_role;

-- Per-subscriber visibility for a batch of changes in one call, however many distinct claim sets
-- subscribe: for each claim set, as its role with its `request.jwt.claims` (as PostgREST runs a
-- request), runs the statements given for that role, each with `input` as $1, and collects their
-- one-value results. A failure (a policy that raises, say) is confined to its claim set:
-- {"error": message} in its place. Role and claims are rolled back after each claim set.
create or replace function realtime.local_as_each(claim_sets jsonb, statements jsonb, input jsonb)
returns jsonb
language plpgsql
set search_path = public, extensions
as $$
declare
  claims jsonb;
  statement text;
  result jsonb;
  results jsonb;
  failure text;
  output jsonb := '[]'::jsonb;
begin
  for claims in select value from jsonb_array_elements(claim_sets) loop
    results := '[]'::jsonb;
    failure := null;
    begin
      perform set_config('role', claims ->> 'role', true),
        set_config('request.jwt.claims', claims::text, true),
        set_config('request.jwt.claim.sub', coalesce(claims ->> 'sub', ''), true),
        set_config('request.jwt.claim.role', claims ->> 'role', true);
      for statement in
        select value from jsonb_array_elements_text(coalesce(statements -> (claims ->> 'role'), '[]'))
      loop
        execute statement into result using input;
        results := results || jsonb_build_array(result);
      end loop;
      raise exception using errcode = 'P0R01';
    exception
      when sqlstate 'P0R01' then null;
      when others then failure := sqlerrm;
    end;
    output := output || jsonb_build_array(
      case when failure is null then results else jsonb_build_object('error', failure) end);
  end loop;
  return output;
end;
$$;
revoke all on function realtime.local_as_each(jsonb, jsonb, jsonb) from public, anon, authenticated, service_role;

-- Delivered broadcasts are kept for a while as on hosted Supabase (which drops daily partitions).
delete from realtime.messages where inserted_at < now() - interval '3 days';

-- Changes queued while no server was draining are stale: nobody was subscribed to them.
truncate realtime.local_changes;
