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

-- Keeps the triggers in step with the publication when migrations or tests change it at run time,
-- and tells the server that table definitions may have changed.
create or replace function realtime.local_on_ddl()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE') then
    perform realtime.local_sync_capture();
  end if;
  perform pg_notify('realtime_local_schema', tg_tag);
end;
$$;

drop event trigger if exists realtime_local_on_ddl;
create event trigger realtime_local_on_ddl on ddl_command_end
  execute function realtime.local_on_ddl();

select realtime.local_sync_capture();

-- Changes queued while no server was draining are stale: nobody was subscribed to them.
truncate realtime.local_changes;
