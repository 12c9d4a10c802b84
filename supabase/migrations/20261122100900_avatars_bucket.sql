-- The `avatars` bucket (PRODUCT.md §5, §7): public read, each member writes only under `{user_id}/`,
-- at most 2 MB of PNG, JPEG or WebP (the storage API enforces the bucket's limits).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 2097152, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do update
set public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Row level security on storage.objects is already enabled by Supabase (and the table is not ours to alter).
create policy "anyone can see avatars"
  on storage.objects for select to anon, authenticated
  using (bucket_id = 'avatars');

create policy "members can upload avatars into their own folder"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "members can replace their own avatars"
  on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid()::text))
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "members can delete their own avatars"
  on storage.objects for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid()::text));
