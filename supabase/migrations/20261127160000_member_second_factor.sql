-- Members on two factors (PRODUCT.md §8a: a second factor, once added, is asked for at every new
-- sign-in before the member is signed in). A password or e-mail sign-in already yields a session
-- (aal1) before the factor is given; without this migration that session could do everything the
-- member can through the API, so a stolen password would be enough. GoTrue's recommended pattern:
-- restrictive policies that ask for aal2 when the caller has a verified factor
-- (https://supabase.com/docs/guides/auth/auth-mfa#enforce-rules-for-mfa-logins). Members without a
-- factor are not affected; public reads (visible comments, reactions, profiles' public face,
-- presence) stay open to a half-signed-in reader exactly as to a signed-out one.
--
-- Not restricted: reading one's own profile row (the moderation page reads the role at aal1 to ask
-- for the factor; the row holds the public name, the language and the role), and what the auth
-- server itself decides (it already asks for aal2 to change the e-mail, the password or factors).

-- True when the caller owes no second factor: none is verified for them, or the session passed one.
-- Security definer: members cannot read auth.mfa_factors. Policies call it as `(select …)` so it
-- runs once per statement, not once per row.
create function private.second_factor_done()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.has_second_factor()
    or not exists (
      select 1 from auth.mfa_factors as f
      where f.user_id = (select auth.uid()) and f.status = 'verified'
    )
$$;

revoke all on function private.second_factor_done() from public;
grant execute on function private.second_factor_done() to authenticated, service_role;

-- For the account functions, which run as their owner and so past every policy: the same error the
-- moderation functions give staff at aal1 (`second_factor_required`, 42501).
create function private.ensure_second_factor_done()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.second_factor_done() then
    raise exception using errcode = '42501', message = 'second_factor_required',
      detail = 'This account has a second factor: confirm the sign-in with it first (aal2).';
  end if;
end;
$$;

revoke all on function private.ensure_second_factor_done() from public;
grant execute on function private.ensure_second_factor_done() to authenticated, service_role;

-- Comments: writing, editing and withdrawing; and one's own hidden comments (others' reads stay).
create policy "members with a second factor comment after passing it"
  on public.comments as restrictive for insert to authenticated
  with check ((select private.second_factor_done()));

create policy "members with a second factor edit after passing it"
  on public.comments as restrictive for update to authenticated
  using ((select private.second_factor_done()))
  with check ((select private.second_factor_done()));

create policy "members with a second factor see their hidden comments after passing it"
  on public.comments as restrictive for select to authenticated
  using (status in ('visible', 'deleted') or (select private.second_factor_done()));

-- Reactions: who reacted stays public; reacting and taking back need the factor.
create policy "members with a second factor react after passing it"
  on public.reactions as restrictive for insert to authenticated
  with check ((select private.second_factor_done()));

create policy "members with a second factor take back reactions after passing it"
  on public.reactions as restrictive for delete to authenticated
  using ((select private.second_factor_done()));

-- Bookmarks are private: reading them too.
create policy "members with a second factor use bookmarks after passing it"
  on public.bookmarks as restrictive for all to authenticated
  using ((select private.second_factor_done()))
  with check ((select private.second_factor_done()));

-- Reports: filing one, and reading one's own.
create policy "members with a second factor use reports after passing it"
  on public.comment_reports as restrictive for all to authenticated
  using ((select private.second_factor_done()))
  with check ((select private.second_factor_done()));

create policy "members with a second factor change their profile after passing it"
  on public.profiles as restrictive for update to authenticated
  using ((select private.second_factor_done()))
  with check ((select private.second_factor_done()));

create policy "members with a second factor use notification settings after passing it"
  on public.notification_preferences as restrictive for all to authenticated
  using ((select private.second_factor_done()))
  with check ((select private.second_factor_done()));

create policy "members with a second factor see sent reply e-mails after passing it"
  on public.reply_notifications as restrictive for select to authenticated
  using ((select private.second_factor_done()));

-- Avatars: anyone sees them; uploading, replacing and deleting one's own need the factor.
create policy "members with a second factor upload avatars after passing it"
  on storage.objects as restrictive for insert to authenticated
  with check (bucket_id <> 'avatars' or (select private.second_factor_done()));

create policy "members with a second factor replace avatars after passing it"
  on storage.objects as restrictive for update to authenticated
  using (bucket_id <> 'avatars' or (select private.second_factor_done()))
  with check (bucket_id <> 'avatars' or (select private.second_factor_done()));

create policy "members with a second factor delete avatars after passing it"
  on storage.objects as restrictive for delete to authenticated
  using (bucket_id <> 'avatars' or (select private.second_factor_done()));

-- Deleting the account and exporting its data: the functions of 20261122100800 move to `private`
-- unchanged and the public names check the factor first, so their bodies are not copied here.
alter function public.delete_my_account() set schema private;
alter function private.delete_my_account() rename to delete_my_account_after_checks;
alter function public.export_my_data() set schema private;
alter function private.export_my_data() rename to export_my_data_after_checks;
revoke all on function private.delete_my_account_after_checks() from public, anon, authenticated;
revoke all on function private.export_my_data_after_checks() from public, anon, authenticated;

create function public.delete_my_account()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.ensure_second_factor_done();
  perform private.delete_my_account_after_checks();
end;
$$;

create function public.export_my_data()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.ensure_second_factor_done();
  return private.export_my_data_after_checks();
end;
$$;

revoke all on function public.delete_my_account() from public, anon;
revoke all on function public.export_my_data() from public, anon;
grant execute on function public.delete_my_account() to authenticated;
grant execute on function public.export_my_data() to authenticated;
