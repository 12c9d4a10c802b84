-- Staff on two factors (PRODUCT.md §8): moderation and admin actions need a session that has passed a
-- second factor, read from the access token's `aal` claim, so every policy and moderation function
-- that asks public.is_moderator() / public.is_admin() refuses a moderator or admin signed in with a
-- password alone. The demo staff accounts are seeded with a known TOTP factor (supabase/seed.sql).

-- True when the caller's session has passed a second factor (aal2). Other ways to count as such (a
-- single sign-on session, for one) extend this function; the role checks only ever call it.
create function private.has_second_factor()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', '') = 'aal2'
$$;

revoke all on function private.has_second_factor() from public;
grant execute on function private.has_second_factor() to authenticated, service_role;

create or replace function public.is_moderator()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles as p
    where p.id = (select auth.uid()) and p.role in ('moderator', 'admin')
  ) and private.has_second_factor()
$$;

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles as p
    where p.id = (select auth.uid()) and p.role = 'admin'
  ) and private.has_second_factor()
$$;

-- A moderator without the second factor is told so (`second_factor_required`, 42501), so the page can
-- ask for it instead of saying the action is not allowed.
create or replace function private.ensure_caller_is_moderator()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if public.is_moderator() then
    return;
  end if;
  if exists (
    select 1 from public.profiles as p
    where p.id = (select auth.uid()) and p.role in ('moderator', 'admin')
  ) then
    raise exception using errcode = '42501', message = 'second_factor_required',
      detail = 'Moderation needs a session that has passed a second factor (aal2).';
  end if;
  raise exception using errcode = '42501', message = 'not_allowed',
    detail = 'Only moderators and admins may do this.';
end;
$$;
