-- What hosted Supabase Realtime installs in every project for Broadcast and Presence authorization
-- and Broadcast from Database (supabase/realtime's tenant migrations, as of 2026): the partitioned
-- `realtime.messages` table whose RLS policies authorize private channels, `realtime.topic()` for
-- those policies, and `realtime.send()` / `realtime.broadcast_changes()`. The product's migrations
-- add policies on this table; they never create it, because hosted Supabase already has it.
create table realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  constraint messages_pkey primary key (id, inserted_at)
) partition by range (inserted_at);

-- Hosted Supabase makes a partition per day and drops old ones; locally one default partition holds
-- everything and the realtime service deletes delivered messages (see changes/capture.sql).
create table realtime.messages_default partition of realtime.messages default;

create index messages_inserted_at_topic_index on only realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;

alter table realtime.messages enable row level security;

-- The channel topic being authorized (set by Realtime while it checks the policies, and by send()).
create function realtime.topic()
returns text
language sql
stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;

-- Broadcast from Database: a message for every subscriber of `topic` (private channels by default).
-- Errors become a warning, as on hosted Supabase, so a failed broadcast never fails the caller's write.
create function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    execute format('SET LOCAL realtime.topic TO %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

-- For row triggers: sends {record, old_record, operation, table, schema} as one broadcast.
create function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
)
returns void
language plpgsql
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
      'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;

alter table realtime.messages owner to supabase_realtime_admin;
alter table realtime.messages_default owner to supabase_realtime_admin;
alter function realtime.topic() owner to supabase_realtime_admin;
grant usage on schema realtime to supabase_realtime_admin;
-- As on hosted Supabase: `postgres` (which runs the migrations) may add policies to realtime.messages.
grant supabase_realtime_admin to postgres;
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;
grant delete, truncate, references, trigger on realtime.messages to postgres;
