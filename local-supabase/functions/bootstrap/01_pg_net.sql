-- pg_net's SQL interface (supabase/pg_net 0.x), which PGlite cannot load as an extension: the
-- functions queue a request in net.http_request_queue and NOTIFY; the local backend
-- (functions/net/sender.ts) sends it once the transaction commits and records the answer in
-- net._http_response, as pg_net's background worker does. A rolled-back transaction leaves no row
-- and no notification, so nothing is sent. As in pg_net, requests are not retried.
create schema if not exists net;

create table if not exists net.http_request_queue (
  id bigserial primary key,
  method text not null check (method in ('GET', 'POST', 'DELETE')),
  url text not null,
  headers jsonb not null default '{}',
  body bytea,
  timeout_milliseconds integer not null
);

create unlogged table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);
create index if not exists _http_response_created_idx on net._http_response (created);

-- The URL with `params` appended as a query string, as pg_net builds it.
create or replace function net._local_url(url text, params jsonb)
returns text
language sql
immutable
as $$
  select case
    when params is null or params = '{}'::jsonb then url
    else url || case when position('?' in url) > 0 then '&' else '?' end || (
      select string_agg(
        replace(replace(replace(key, '%', '%25'), '&', '%26'), '=', '%3D') || '=' ||
          replace(replace(replace(replace(value, '%', '%25'), '&', '%26'), '=', '%3D'), ' ', '%20'),
        '&')
      from jsonb_each_text(params)
    )
  end
$$;

create or replace function net._local_enqueue(
  method text, url text, headers jsonb, body bytea, timeout_milliseconds integer
)
returns bigint
language plpgsql
as $$
declare
  request_id bigint;
begin
  if url is null or url !~* '^https?://' then
    raise exception 'net: url must be an http or https URL' using errcode = '22023';
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (method, url, coalesce(headers, '{}'), body, coalesce(timeout_milliseconds, 5000))
  returning id into request_id;
  -- Delivered at commit only; the sender reads the queue, so the payload says nothing.
  perform pg_notify('local_pg_net', '');
  return request_id;
end
$$;

create or replace function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
)
returns bigint
language sql
security definer
set search_path = net, pg_temp
as $$
  select net._local_enqueue('GET', net._local_url(url, params), headers, null, timeout_milliseconds)
$$;

create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
)
returns bigint
language sql
security definer
set search_path = net, pg_temp
as $$
  select net._local_enqueue('POST', net._local_url(url, params), headers,
    convert_to(body::text, 'UTF8'), timeout_milliseconds)
$$;

create or replace function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000,
  body jsonb default null
)
returns bigint
language sql
security definer
set search_path = net, pg_temp
as $$
  select net._local_enqueue('DELETE', net._local_url(url, params), headers,
    case when body is null then null else convert_to(body::text, 'UTF8') end, timeout_milliseconds)
$$;

-- As on Supabase: the API roles cannot send requests from the database themselves.
revoke all on schema net from public;
revoke all on all functions in schema net from public;
grant usage on schema net to postgres, service_role;
grant execute on function net.http_get(text, jsonb, jsonb, integer) to postgres, service_role;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer) to postgres, service_role;
grant execute on function net.http_delete(text, jsonb, jsonb, integer, jsonb) to postgres, service_role;
grant select on net._http_response, net.http_request_queue to postgres, service_role;
