-- A member's bookmarked articles (PRODUCT.md §5): private to the member.
create table public.bookmarks (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  article_key text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, article_key),
  constraint bookmarks_article_key_format check (article_key ~ '^[A-Za-z0-9._-]{1,200}$')
);

alter table public.bookmarks enable row level security;

create policy "members can see their own bookmarks"
  on public.bookmarks for select to authenticated
  using (user_id = (select auth.uid()));

create policy "members can bookmark as themselves"
  on public.bookmarks for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "members can remove their own bookmarks"
  on public.bookmarks for delete to authenticated
  using (user_id = (select auth.uid()));

revoke all on table public.bookmarks from anon, authenticated;
grant select on table public.bookmarks to anon, authenticated;
grant insert (user_id, article_key) on table public.bookmarks to authenticated;
grant delete on table public.bookmarks to authenticated;
