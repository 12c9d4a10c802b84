-- The one DDL notification of the backend: after every DDL command (CREATE/ALTER/DROP of tables, views,
-- functions and types, GRANT and REVOKE, CREATE POLICY, ALTER PUBLICATION, COMMENT …) Postgres
-- notifies `local_ddl` with the command tag, and db/schema-cache.ts empties the schema cache that REST
-- and realtime share. Notifications go out on commit, so a rolled-back migration reloads nothing.
-- `NOTIFY pgrst, 'reload schema'` by hand reloads too, as PostgREST documents.
--
-- Data directories bootstrapped before this file have REST's own triggers (Supabase's
-- `pgrst_ddl_watch`/`pgrst_drop_watch`, which skip GRANT and policies): they are replaced here.
drop event trigger if exists pgrst_ddl_watch;
drop event trigger if exists pgrst_drop_watch;
drop function if exists extensions.pgrst_ddl_watch();
drop function if exists extensions.pgrst_drop_watch();

create function extensions.local_ddl_watch() returns event_trigger
language plpgsql as $$
begin
  perform pg_notify('local_ddl', tg_tag);
end $$;

-- ddl_command_end fires for DROP commands too (with their tag), so no sql_drop trigger is needed.
create event trigger local_ddl_watch on ddl_command_end
  execute function extensions.local_ddl_watch();
