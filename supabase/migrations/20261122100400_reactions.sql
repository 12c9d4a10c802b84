-- Reactions to articles (PRODUCT.md §5): one row per (article, member, kind); taking a reaction back
-- deletes the row. Who reacted is public, like the counts, so that every reader's island can follow the
-- counts live through realtime.
create table public.reactions (
  article_key text not null,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  kind text not null,
  created_at timestamptz not null default now(),
  primary key (article_key, user_id, kind),
  constraint reactions_article_key_format check (article_key ~ '^[A-Za-z0-9._-]{1,200}$'),
  constraint reactions_kind_known check (kind in ('like', 'insightful', 'funny'))
);

create index reactions_by_user on public.reactions (user_id);

alter table public.reactions enable row level security;

create policy "everyone can see reactions"
  on public.reactions for select to anon, authenticated
  using (true);

create policy "members can react as themselves"
  on public.reactions for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "members can take back their own reactions"
  on public.reactions for delete to authenticated
  using (user_id = (select auth.uid()));

revoke all on table public.reactions from anon, authenticated;
grant select on table public.reactions to anon, authenticated;
grant insert (article_key, user_id, kind) on table public.reactions to authenticated;
grant delete on table public.reactions to authenticated;

-- At most 60 changes (reacting or taking back) per member and minute. Invoker so `current_user` tells
-- members from the account deletion cascade and seeds.
create function private.limit_reaction_changes()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user = 'authenticated' then
    perform private.enforce_rate_limit('reaction', 60, null);
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if current_user = 'authenticated' then
    new.created_at := now();
  end if;
  return new;
end;
$$;

revoke all on function private.limit_reaction_changes() from public;

create trigger limit_reaction_changes
  before insert or delete on public.reactions
  for each row execute function private.limit_reaction_changes();

-- Counts per article and kind, for readers who may not care who reacted. Invoker: it shows exactly the
-- reactions the caller may see.
create view public.reaction_counts with (security_invoker = on) as
  select r.article_key, r.kind, count(*)::integer as count
  from public.reactions as r
  group by r.article_key, r.kind;

comment on view public.reaction_counts is 'Number of reactions per article and kind.';

revoke all on table public.reaction_counts from anon, authenticated;
grant select on table public.reaction_counts to anon, authenticated;
