-- Realtime disabled: stop capturing (nothing would drain the queue) and drop what is queued.
drop event trigger if exists realtime_local_on_ddl;
do $$
declare
  target regclass;
begin
  for target in
    select tgrelid::regclass from pg_catalog.pg_trigger where tgname = 'supabase_realtime_local_capture'
  loop
    execute format('drop trigger supabase_realtime_local_capture on %s', target);
  end loop;
end;
$$;
drop trigger if exists supabase_realtime_local_messages on realtime.messages;
drop function if exists realtime.local_capture_message();
drop table if exists realtime.local_changes;
