-- Role checks that read the role from the access token (Supabase's documented role-based access
-- pattern; the `user_role` claim comes from public.custom_access_token_hook, migration
-- 20261127130300). The three row policies that admit moderators to more rows ask
-- private.token_is_moderator() instead of public.is_moderator(), so reading the report queue, hidden
-- comments or every profile no longer looks up the caller's profile.
--
-- What a token-read role means: the claim is written when the token is issued, so a role granted or
-- revoked takes effect at the member's next token: the next refresh (within `jwt_expiry`, an hour by
-- default; supabase-js refreshes on its own) or the next sign-in. Where that delay is acceptable, and
-- where it is not:
--
-- * Row policies that only let staff READ more rows (these three, all `for select`): token. A revoked
--   moderator can go on reading the report queue, hidden comments and profiles' private settings until
--   the token runs out; they could read the same rows a minute before the revocation, and the hosted
--   pattern accepts exactly this delay.
-- * Everything that CHANGES data or roles: public.is_moderator() / public.is_admin(), unchanged,
--   reading public.profiles at every call: hide_comment, restore_comment, resolve_report,
--   dismiss_report and suspend_commenting (through private.ensure_caller_is_moderator), set_role and
--   the last-admin checks. A revoked moderator or admin is refused at once, with the token they still
--   hold. These run once per request, not once per row, so the profile lookup costs them next to
--   nothing. The `is_moderator` RPC, which the page asks to decide whether to show moderation, also
--   stays on the profile, so the page never offers an action the database would refuse.
-- * No claim in the token (a hosted project where the hook is not enabled, or a token issued before
--   it was): the role is read from public.profiles, as before, so the policies work with or without
--   the hook. A claim that names no known role counts as no staff role.
--
-- The second factor stays required exactly as before (private.has_second_factor(), the token's `aal`):
-- a role in the token never admits a session at aal1.

-- The caller's role: the token's `user_role`, else the profile's. Security definer for the fallback,
-- which reads public.profiles from inside a policy on public.profiles.
create function private.caller_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select auth.jwt()) ->> 'user_role',
    (select p.role from public.profiles as p where p.id = (select auth.uid()))
  )
$$;

revoke all on function private.caller_role() from public;
grant execute on function private.caller_role() to authenticated, service_role;

-- For row policies that let staff read more: moderator or admin by the token's role, at aal2.
create function private.token_is_moderator()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(private.caller_role() in ('moderator', 'admin'), false)
    and private.has_second_factor()
$$;

revoke all on function private.token_is_moderator() from public;
grant execute on function private.token_is_moderator() to authenticated, service_role;

drop policy "moderators can read every profile" on public.profiles;
create policy "moderators can read every profile"
  on public.profiles for select to authenticated
  using ((select private.token_is_moderator()));

drop policy "moderators can read every comment" on public.comments;
create policy "moderators can read every comment"
  on public.comments for select to authenticated
  using ((select private.token_is_moderator()));

drop policy "moderators can read every report" on public.comment_reports;
create policy "moderators can read every report"
  on public.comment_reports for select to authenticated
  using ((select private.token_is_moderator()));
