-- Supabase Vault's interface (vault.create_secret, vault.update_secret, vault.decrypted_secrets), which
-- Supabase documents for what database code must not hard-code, such as the project URL and a key a
-- webhook sends. Differs from hosted: the secret is stored as it is, not encrypted (pgsodium is not
-- available in PGlite); only postgres and service_role can read it.
create schema if not exists vault;

create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text unique,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create or replace view vault.decrypted_secrets as
select id, name, description, secret, secret as decrypted_secret, key_id, nonce, created_at, updated_at
from vault.secrets;

create or replace function vault.create_secret(
  new_secret text,
  new_name text default null,
  new_description text default '',
  new_key_id uuid default null
)
returns uuid
language sql
security definer
set search_path = vault, pg_temp
as $$
  insert into vault.secrets (secret, name, description, key_id)
  values (new_secret, new_name, coalesce(new_description, ''), new_key_id)
  returning id
$$;

create or replace function vault.update_secret(
  secret_id uuid,
  new_secret text default null,
  new_name text default null,
  new_description text default null,
  new_key_id uuid default null
)
returns void
language sql
security definer
set search_path = vault, pg_temp
as $$
  update vault.secrets set
    secret = coalesce(new_secret, secret),
    name = coalesce(new_name, name),
    description = coalesce(new_description, description),
    key_id = coalesce(new_key_id, key_id),
    updated_at = now()
  where id = secret_id
$$;

revoke all on schema vault from public;
revoke all on all functions in schema vault from public;
grant usage on schema vault to postgres, service_role;
grant select on vault.decrypted_secrets to postgres, service_role;
grant execute on all functions in schema vault to postgres, service_role;
