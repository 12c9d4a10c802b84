-- Members' profiles (PRODUCT.md §5): one row per auth user, created when the user signs up.
-- Private fields (locale, suspension) are readable only by the member and by moderators; everyone reads
-- the public part through the `public_profiles` view, which is what comment threads show.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null,
  avatar_path text,
  locale text not null default 'en',
  role text not null default 'member',
  commenting_suspended_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_display_name_length check (char_length(display_name) between 1 and 40),
  constraint profiles_display_name_printable
    check (display_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'),
  constraint profiles_locale_supported check (locale in ('en', 'de', 'fr', 'ar')),
  constraint profiles_role_known check (role in ('member', 'moderator', 'admin')),
  -- An avatar is an object in the member's own folder of the `avatars` bucket, never someone else's.
  constraint profiles_avatar_in_own_folder
    check (avatar_path is null or (avatar_path like (id::text || '/%') and char_length(avatar_path) <= 255))
);

comment on table public.profiles is 'A member''s public name and avatar plus private settings; role and suspension change only through set_role() and suspend_commenting().';

alter table public.profiles enable row level security;

-- True when the caller is a moderator or an admin. SECURITY DEFINER so that policies on `profiles`
-- itself can use it without recursing into their own row level security.
create function public.is_moderator()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles as p
    where p.id = (select auth.uid()) and p.role in ('moderator', 'admin')
  )
$$;

create function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles as p
    where p.id = (select auth.uid()) and p.role = 'admin'
  )
$$;

revoke all on function public.is_moderator() from public;
revoke all on function public.is_admin() from public;
grant execute on function public.is_moderator() to anon, authenticated, service_role;
grant execute on function public.is_admin() to anon, authenticated, service_role;

create policy "members can read their own profile"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()));

create policy "moderators can read every profile"
  on public.profiles for select to authenticated
  using ((select public.is_moderator()));

create policy "members can update their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- Profiles are created by the sign-up trigger and removed with the account: no API role inserts or
-- deletes them. Members may write only their name, avatar and locale; role and suspension are set by the
-- moderation functions.
revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to anon, authenticated;
grant update (display_name, avatar_path, locale) on table public.profiles to authenticated;

-- The public face of every member. Deliberately not `security_invoker`: it runs as its owner so that
-- anyone may read these four columns of every profile while the table's policies keep the rest private
-- (Supabase's linter reports such views; this one is reviewed and read-only).
create view public.public_profiles as
  select p.id, p.display_name, p.avatar_path, p.role from public.profiles as p;

comment on view public.public_profiles is 'Display name, avatar and role of every member, readable by everyone.';

-- Views on a single table are updatable: without this revoke anyone could rename members through it.
revoke all on table public.public_profiles from anon, authenticated;
grant select on table public.public_profiles to anon, authenticated;

create function private.normalize_profile()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.display_name := private.trim_text(new.display_name);
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

create trigger normalize_profile
  before insert or update on public.profiles
  for each row execute function private.normalize_profile();

-- Creates the profile of a new auth user: the display name comes from the sign-up metadata, else the
-- e-mail's local part (cleaned to fit the display name rules); the locale from the metadata, else `en`.
create function private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted_name text := coalesce(
    nullif(private.trim_text(new.raw_user_meta_data ->> 'display_name'), ''),
    split_part(coalesce(new.email, ''), '@', 1)
  );
  wanted_locale text := new.raw_user_meta_data ->> 'locale';
begin
  wanted_name := regexp_replace(wanted_name, '[\u0001-\u001f\u007f-\u009f\u2028\u2029]', '', 'g');
  wanted_name := private.trim_text(left(private.trim_text(wanted_name), 40));
  if wanted_name = '' then
    wanted_name := 'Member';
  end if;

  insert into public.profiles (id, display_name, locale)
  values (
    new.id,
    wanted_name,
    case when wanted_locale in ('en', 'de', 'fr', 'ar') then wanted_locale else 'en' end
  );
  return new;
end;
$$;

revoke all on function private.create_profile_for_new_user() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

-- Auth e-mails pick their language from `user_metadata.locale` (supabase/templates), so a member who
-- changes the profile's locale gets later e-mails in that language too.
create function private.copy_locale_to_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update auth.users as u
  set raw_user_meta_data = coalesce(u.raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('locale', new.locale)
  where u.id = new.id;
  return null;
end;
$$;

revoke all on function private.copy_locale_to_auth_user() from public;

create trigger copy_locale_to_auth_user
  after update of locale on public.profiles
  for each row when (old.locale is distinct from new.locale)
  execute function private.copy_locale_to_auth_user();
