-- Passkeys (first-factor WebAuthn credentials) and the WebAuthn challenges of their ceremonies, as
-- GoTrue keeps them since its passkey release: one row per credential, the challenge with the
-- ceremony's expected values until it is used once or expires.
create table auth.webauthn_credentials (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id bytea not null unique,
  public_key bytea not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

create table auth.webauthn_challenges (
  id uuid not null primary key,
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

alter table auth.webauthn_credentials owner to supabase_auth_admin;
alter table auth.webauthn_challenges owner to supabase_auth_admin;
alter table auth.webauthn_credentials enable row level security;
alter table auth.webauthn_challenges enable row level security;
grant all on auth.webauthn_credentials, auth.webauthn_challenges to postgres, dashboard_user;
