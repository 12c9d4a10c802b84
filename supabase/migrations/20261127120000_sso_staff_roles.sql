-- Staff roles from the organisation (issue 26): a person who signs in with single sign-on gets the
-- product role their identity provider's groups name, and loses it when the group is gone. The rule is
-- the database's: each time auth writes an SSO identity (at every sign-in, with the assertion's
-- attributes in identity_data.custom_claims), the profile's role is set from the groups claim, so
-- adding someone to the moderators group at the identity provider is all it takes.
--
-- Operators with a real provider map its group claim to `groups` in the provider's attribute mapping
-- (`"groups": {"name": "<the provider's group attribute>", "array": true}`) and list the group names
-- (or IDs, as Entra ID sends them) that grant a role in private.sso_group_roles.

create table private.sso_group_roles (
  group_name text primary key,
  role text not null,
  created_at timestamptz not null default now(),
  -- Admins are never made by a claim: the admin role stays a decision made inside the product.
  constraint sso_group_roles_role_known check (role in ('moderator'))
);

comment on table private.sso_group_roles is 'Which identity-provider group grants which product role to people who sign in with SSO.';

alter table private.sso_group_roles enable row level security;
-- No policies and no grants: only the database's own trigger (and the postgres role) reads it.
revoke all on table private.sso_group_roles from public, anon, authenticated;

insert into private.sso_group_roles (group_name, role) values ('moderators', 'moderator');

-- Sets the profile's role from the SSO identity's groups: the granted role, else `member`. An admin
-- keeps their role whatever the claim says; only SSO identities are read, so a member who signs in
-- with a password is never touched.
create function private.apply_sso_group_roles()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed jsonb := new.identity_data -> 'custom_claims' -> 'groups';
  granted text;
begin
  if new.provider not like 'sso:%' then
    return null;
  end if;
  if jsonb_typeof(claimed) = 'string' then
    claimed := jsonb_build_array(claimed);
  elsif jsonb_typeof(claimed) is distinct from 'array' then
    claimed := '[]'::jsonb;
  end if;
  select r.role into granted
  from private.sso_group_roles as r
  where r.group_name in (select jsonb_array_elements_text(claimed))
  limit 1;
  update public.profiles as p
  set role = coalesce(granted, 'member'), updated_at = now()
  where p.id = new.user_id and p.role <> 'admin' and p.role <> coalesce(granted, 'member');
  return null;
end;
$$;

revoke all on function private.apply_sso_group_roles() from public;

create trigger apply_sso_group_roles
  after insert or update of identity_data on auth.identities
  for each row execute function private.apply_sso_group_roles();
