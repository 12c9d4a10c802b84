-- Single sign-on (SAML 2.0): GoTrue's own tables, with its names, columns and constraints (supabase/auth
-- `migrations/`), so a seed or an operator's SQL written against hosted Supabase reads and writes them
-- unchanged.
set local search_path = auth;

create table auth.sso_providers (
  id uuid not null primary key,
  resource_id text null,
  created_at timestamptz null,
  updated_at timestamptz null,
  disabled boolean null,
  constraint "resource_id not empty" check (resource_id = null or char_length(resource_id) > 0)
);
comment on table auth.sso_providers is 'Auth: Manages SSO identity provider information; see saml_providers for SAML.';
create unique index sso_providers_resource_id_idx on auth.sso_providers (lower(resource_id));

create table auth.sso_domains (
  id uuid not null primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  domain text not null,
  created_at timestamptz null,
  updated_at timestamptz null,
  constraint "domain not empty" check (char_length(domain) > 0)
);
comment on table auth.sso_domains is 'Auth: Manages SSO email address domain mapping to an SSO Identity Provider.';
create index sso_domains_sso_provider_id_idx on auth.sso_domains (sso_provider_id);
create unique index sso_domains_domain_idx on auth.sso_domains (lower(domain));

create table auth.saml_providers (
  id uuid not null primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  entity_id text not null unique,
  metadata_xml text not null,
  metadata_url text null,
  attribute_mapping jsonb null,
  created_at timestamptz null,
  updated_at timestamptz null,
  name_id_format text null,
  constraint "metadata_xml not empty" check (char_length(metadata_xml) > 0),
  constraint "metadata_url not empty" check (metadata_url = null or char_length(metadata_url) > 0),
  constraint "entity_id not empty" check (char_length(entity_id) > 0)
);
comment on table auth.saml_providers is 'Auth: Manages SAML Identity Provider connections.';
create index saml_providers_sso_provider_id_idx on auth.saml_providers (sso_provider_id);

create table auth.saml_relay_states (
  id uuid not null primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  request_id text not null,
  for_email text null,
  redirect_to text null,
  created_at timestamptz null,
  updated_at timestamptz null,
  flow_state_id uuid references auth.flow_state (id) on delete cascade,
  constraint "request_id not empty" check (char_length(request_id) > 0)
);
comment on table auth.saml_relay_states is 'Auth: Contains SAML Relay State information for each Service Provider initiated login.';
create index saml_relay_states_sso_provider_id_idx on auth.saml_relay_states (sso_provider_id);
create index saml_relay_states_for_email_idx on auth.saml_relay_states (for_email);
create index saml_relay_states_created_at_idx on auth.saml_relay_states (created_at desc);

-- Not GoTrue's: the IDs of assertions already used, until they expire, so that an assertion posted a
-- second time (an unsolicited one has no relay state to spend) signs no one in. GoTrue relies on the
-- relay state and the assertion's short validity alone.
create table auth.saml_used_assertions (
  assertion_id text not null primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  expires_at timestamptz not null
);
comment on table auth.saml_used_assertions is 'Local backend only: SAML assertion IDs already consumed, kept until they expire (replay protection).';

do $$
declare t text;
begin
  foreach t in array array['sso_providers', 'sso_domains', 'saml_providers', 'saml_relay_states',
    'saml_used_assertions']
  loop
    execute format('alter table auth.%I owner to supabase_auth_admin', t);
    execute format('alter table auth.%I enable row level security', t);
    execute format('grant all on table auth.%I to postgres, dashboard_user', t);
  end loop;
end $$;
