-- Database webhooks as Supabase provides them: supabase_functions.http_request(), the trigger function
-- the dashboard's webhooks use. Its arguments are the URL, the method, the headers, the query
-- parameters and the timeout (ms, default 1000); a POST carries {type, table, schema, record,
-- old_record}. Each call is recorded in supabase_functions.hooks with its pg_net request id.
create schema if not exists supabase_functions;

create table if not exists supabase_functions.hooks (
  id bigserial primary key,
  hook_table_id integer not null,
  hook_name text not null,
  created_at timestamptz not null default now(),
  request_id bigint
);

create or replace function supabase_functions.http_request()
returns trigger
language plpgsql
security definer
set search_path = supabase_functions, pg_temp
as $$
declare
  url text := TG_ARGV[0];
  method text := TG_ARGV[1];
  headers jsonb := '{"Content-Type": "application/json"}'::jsonb;
  params jsonb := '{}'::jsonb;
  timeout_ms integer := 1000;
  request_id bigint;
begin
  if url is null or url = 'null' then
    raise exception 'url argument is missing';
  end if;
  if method is null or method = 'null' then
    raise exception 'method argument is missing';
  end if;
  if TG_ARGV[2] is not null and TG_ARGV[2] <> 'null' then headers := TG_ARGV[2]::jsonb; end if;
  if TG_ARGV[3] is not null and TG_ARGV[3] <> 'null' then params := TG_ARGV[3]::jsonb; end if;
  if TG_ARGV[4] is not null and TG_ARGV[4] <> 'null' then timeout_ms := TG_ARGV[4]::integer; end if;
  if method = 'GET' then
    request_id := net.http_get(url, params, headers, timeout_ms);
  elsif method = 'POST' then
    request_id := net.http_post(
      url,
      jsonb_build_object(
        'old_record', case when TG_OP in ('UPDATE', 'DELETE') then to_jsonb(OLD) end,
        'record', case when TG_OP in ('INSERT', 'UPDATE') then to_jsonb(NEW) end,
        'type', TG_OP,
        'table', TG_TABLE_NAME,
        'schema', TG_TABLE_SCHEMA
      ),
      params,
      headers,
      timeout_ms
    );
  else
    raise exception 'method argument % is invalid', method;
  end if;
  insert into supabase_functions.hooks (hook_table_id, hook_name, request_id)
  values (TG_RELID, TG_NAME, request_id);
  return NEW;
end
$$;

grant usage on schema supabase_functions to postgres, anon, authenticated, service_role;
grant all on supabase_functions.hooks to postgres, service_role;
grant all on sequence supabase_functions.hooks_id_seq to postgres, service_role;
