-- The database webhook behind reply e-mails: a reply that commits is posted, in Supabase's webhook
-- payload ({type, table, schema, record, old_record}), to the `reply-notification` Edge Function.
-- The project URL and the key the function checks come from Vault (`project_url`,
-- `service_role_key`), as Supabase documents for database code, so the same migration runs
-- locally and on hosted; without them the reply is saved and no e-mail is sent.
do $$
begin
  -- Hosted Supabase: pg_net is an extension. The local backend provides its `net` functions itself.
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
  end if;
end
$$;

create function private.post_reply_webhook()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  hook_key text;
begin
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into hook_key from vault.decrypted_secrets where name = 'service_role_key';
  if project_url is null or hook_key is null then return null; end if;
  perform net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/reply-notification',
    body := jsonb_build_object(
      'type', TG_OP, 'table', TG_TABLE_NAME, 'schema', TG_TABLE_SCHEMA,
      'record', to_jsonb(new), 'old_record', null
    ),
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || hook_key
    ),
    timeout_milliseconds := 5000
  );
  return null;
end;
$$;

revoke all on function private.post_reply_webhook() from public;
grant execute on function private.post_reply_webhook() to authenticated, service_role;

create trigger comments_reply_webhook
  after insert on public.comments
  for each row
  when (new.parent_id is not null and new.status = 'visible')
  execute function private.post_reply_webhook();
