-- Schemas, extensions and default privileges as a fresh Supabase project has them.
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists citext with schema extensions;

create schema if not exists auth authorization supabase_auth_admin;
create schema if not exists storage authorization supabase_storage_admin;
create schema if not exists realtime;
create schema if not exists graphql_public;
create schema if not exists supabase_migrations;

-- Unqualified `gen_salt()`, `uuid_generate_v4()` and `citext` resolve as on Supabase, whose roles have
-- `extensions` on their search_path.
alter database postgres set search_path = "$user", public, extensions;
alter role postgres set search_path = "$user", public, extensions;
alter role anon set search_path = "$user", public, extensions;
alter role authenticated set search_path = "$user", public, extensions;
alter role service_role set search_path = "$user", public, extensions;
alter role supabase_auth_admin set search_path = auth;
alter role supabase_storage_admin set search_path = storage;

grant usage on schema public to postgres, anon, authenticated, service_role;
grant usage on schema extensions to postgres, anon, authenticated, service_role, dashboard_user;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;
grant all on schema extensions to dashboard_user;

-- Supabase's default privileges on `public`: everything created there by postgres or supabase_admin is
-- reachable by the API roles, and row level security decides what each one sees.
alter default privileges for role postgres in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;

-- How the Supabase CLI records applied migrations and seed files.
create table supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
