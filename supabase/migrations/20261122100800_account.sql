-- A member's own account (PRODUCT.md §6, §8): data export and deletion.

-- Whenever a profile goes (account deletion, or an admin deleting the auth user), its comments become
-- anonymous tombstones so that replies keep their thread. Reactions, bookmarks and reports go with the
-- profile through their foreign keys.
create function private.tombstone_comments_of_deleted_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.comments as c
  set status = 'deleted', body = '', author_id = null
  where c.author_id = old.id;
  return old;
end;
$$;

revoke all on function private.tombstone_comments_of_deleted_profile() from public;

create trigger tombstone_comments_of_deleted_profile
  before delete on public.profiles
  for each row execute function private.tombstone_comments_of_deleted_profile();

-- Deletes the caller's account: avatar objects, then the auth user, whose deletion cascades to the
-- profile (comments become tombstones), reactions, bookmarks, reports, sessions and identities.
-- The last admin cannot delete their account (`last_admin`), or nobody could appoint moderators.
--
-- Hosted Supabase refuses DELETE on storage tables unless `storage.allow_delete_query` is set, and a
-- row deleted in SQL leaves its file behind in the object store: clients should first remove the files
-- with `storage.from('avatars').remove(...)`; this function then clears whatever metadata remains.
-- https://github.com/supabase/storage/pull/817
create function public.delete_my_account()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null then
    raise exception using errcode = '42501', message = 'not_authenticated',
      detail = 'Sign in to delete your account.';
  end if;
  if exists (select 1 from public.profiles as p where p.id = caller and p.role = 'admin')
    and not exists (select 1 from public.profiles as p where p.role = 'admin' and p.id <> caller) then
    raise exception using errcode = 'P0001', message = 'last_admin',
      detail = 'The last admin cannot delete their account.';
  end if;

  perform set_config('storage.allow_delete_query', 'true', true);
  delete from storage.objects as o
  where o.bucket_id = 'avatars' and (storage.foldername(o.name))[1] = caller::text;

  delete from auth.users as u where u.id = caller;
end;
$$;

-- Everything the product stores about the caller, as one JSON document (PRODUCT.md §8: export own data).
create function public.export_my_data()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null then
    raise exception using errcode = '42501', message = 'not_authenticated',
      detail = 'Sign in to export your data.';
  end if;

  return jsonb_build_object(
    'exported_at', now(),
    'account', (
      select jsonb_build_object(
        'id', u.id, 'email', u.email, 'created_at', u.created_at, 'last_sign_in_at', u.last_sign_in_at,
        'user_metadata', coalesce(u.raw_user_meta_data, '{}'::jsonb))
      from auth.users as u where u.id = caller
    ),
    'profile', (select to_jsonb(p) from public.profiles as p where p.id = caller),
    'comments', coalesce((
      select jsonb_agg(to_jsonb(c) order by c.created_at)
      from public.comments as c where c.author_id = caller
    ), '[]'::jsonb),
    'reactions', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.created_at)
      from public.reactions as r where r.user_id = caller
    ), '[]'::jsonb),
    'bookmarks', coalesce((
      select jsonb_agg(to_jsonb(b) order by b.created_at)
      from public.bookmarks as b where b.user_id = caller
    ), '[]'::jsonb),
    'reports', coalesce((
      select jsonb_agg(to_jsonb(r) - 'resolved_by' order by r.created_at)
      from public.comment_reports as r where r.reporter_id = caller
    ), '[]'::jsonb),
    'avatars', coalesce((
      select jsonb_agg(jsonb_build_object('name', o.name, 'created_at', o.created_at) order by o.name)
      from storage.objects as o
      where o.bucket_id = 'avatars' and (storage.foldername(o.name))[1] = caller::text
    ), '[]'::jsonb)
  );
end;
$$;

revoke all on function public.delete_my_account() from public, anon;
revoke all on function public.export_my_data() from public, anon;
grant execute on function public.delete_my_account() to authenticated;
grant execute on function public.export_my_data() to authenticated;
