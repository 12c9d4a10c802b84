-- Supabase's database roles (supabase/postgres `migrations/db/init-scripts/00000000000000-initial-schema.sql`).
-- PGlite's session user is `postgres` and stays a superuser; the roles exist so that the product's
-- migrations (`OWNER TO`, `GRANT … TO`) and policies (`TO authenticated`) apply unchanged.
create role supabase_admin login superuser createdb createrole replication bypassrls;
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit password 'postgres';
grant anon, authenticated, service_role to authenticator;
create role supabase_auth_admin login noinherit createrole;
create role supabase_storage_admin login noinherit createrole;
create role supabase_realtime_admin nologin noinherit;
create role dashboard_user nosuperuser createdb createrole replication;
grant anon, authenticated, service_role to postgres;
grant authenticator to supabase_storage_admin;
-- Supabase lets `postgres` act as the service roles (SET ROLE in SQL editors and tests).
grant supabase_auth_admin, supabase_storage_admin to postgres;
