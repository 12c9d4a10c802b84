-- A schema PostgREST does not expose: trigger functions, internal helpers and bookkeeping tables live
-- here, so no API role can call or read them directly. Only `authenticated` may use the schema, and only
-- the helpers granted to it below, because invoker triggers fired by members call them.
create extension if not exists pgcrypto with schema extensions;

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- Every user-typed text is trimmed the same way before its length is checked, so "   " counts as empty
-- and a trailing newline never pushes a comment over its limit. Includes the no-break, zero-width and
-- ideographic spaces that keyboards and pastes produce.
create function private.trim_text(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select btrim(value, E' \t\n\r\f\v\u00a0\u200b\u3000\ufeff')
$$;

revoke all on function private.trim_text(text) from public;
grant execute on function private.trim_text(text) to authenticated, service_role;
