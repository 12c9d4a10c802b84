-- The member's role in the access token (Supabase's custom access token hook, the documented
-- role-based access pattern): `user_role` is `member`, `moderator` or `admin`, read from profiles
-- when the token is issued, so clients and policies can read it without a query. Enabled in
-- config.toml ([auth.hook.custom_access_token]); on hosted, in the dashboard (Authentication → Hooks).
-- A role change reaches the token at its next refresh (within `jwt_expiry`); the moderation
-- policies keep asking public.is_moderator(), which reads the profile and the second factor.
create function public.custom_access_token_hook(event jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  member_role text;
begin
  select p.role into member_role from public.profiles as p where p.id = (event ->> 'user_id')::uuid;
  return jsonb_build_object(
    'claims',
    jsonb_set(event -> 'claims', '{user_role}', to_jsonb(coalesce(member_role, 'member')))
  );
end;
$$;

revoke all on function public.custom_access_token_hook(jsonb) from public, anon, authenticated;
grant usage on schema public to supabase_auth_admin;
grant execute on function public.custom_access_token_hook(jsonb) to supabase_auth_admin;
