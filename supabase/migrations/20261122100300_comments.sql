-- Comment threads (PRODUCT.md §5–8). `article_key` is the content's translation group id, so every
-- language of an article shares one thread. Replies are one level deep.
--
-- Withdrawing a comment: the author sets `status` to 'deleted' (members cannot DELETE rows). The row stays
-- as a tombstone so that its replies keep their place, but its text is erased (body '') and its author
-- removed (author_id null): a withdrawn comment keeps nothing of the member. Deleting an account turns
-- all of its comments into the same tombstones. Rate limits are counted in private.rate_limit_hits, so
-- withdrawing comments does not give a member new ones.
create table public.comments (
  id uuid primary key default gen_random_uuid(),
  article_key text not null,
  parent_id uuid references public.comments (id) on delete cascade,
  author_id uuid default auth.uid() references public.profiles (id) on delete set null,
  body text not null,
  language text not null,
  status text not null default 'visible',
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  -- Sanity document ids: letters, digits, '.', '_' and '-'.
  constraint comments_article_key_format check (article_key ~ '^[A-Za-z0-9._-]{1,200}$'),
  constraint comments_language_supported check (language in ('en', 'de', 'fr', 'ar')),
  constraint comments_status_known check (status in ('visible', 'hidden', 'deleted')),
  -- Bodies are trimmed by a trigger before this check, so the limits apply to the trimmed text.
  constraint comments_body_length check (
    case when status = 'deleted' then body = '' else char_length(body) between 1 and 2000 end
  ),
  constraint comments_only_tombstones_lack_an_author check (status = 'deleted' or author_id is not null),
  constraint comments_not_own_parent check (parent_id <> id)
);

create index comments_by_article on public.comments (article_key, created_at);
create index comments_by_parent on public.comments (parent_id);
create index comments_by_author on public.comments (author_id);

alter table public.comments enable row level security;

create policy "everyone can read visible comments and tombstones"
  on public.comments for select to anon, authenticated
  using (status in ('visible', 'deleted'));

create policy "authors can read their own hidden comments"
  on public.comments for select to authenticated
  using (status = 'hidden' and author_id = (select auth.uid()));

create policy "moderators can read every comment"
  on public.comments for select to authenticated
  using ((select public.is_moderator()));

create policy "members can comment as themselves"
  on public.comments for insert to authenticated
  with check (author_id = (select auth.uid()) and status = 'visible');

-- The check also admits the tombstone the withdraw trigger makes of the member's own comment.
create policy "members can edit their own comments"
  on public.comments for update to authenticated
  using (author_id = (select auth.uid()) and status <> 'deleted')
  with check (author_id = (select auth.uid()) or (status = 'deleted' and author_id is null));

-- Members write the text and may withdraw; hiding and restoring go through the moderation functions.
-- `id` may be chosen by the client so an optimistic comment can be matched with its realtime echo.
revoke all on table public.comments from anon, authenticated;
grant select on table public.comments to anon, authenticated;
grant insert (id, article_key, parent_id, author_id, body, language) on table public.comments to authenticated;
grant update (body, status) on table public.comments to authenticated;

-- Raises `suspended` (P0001, hint = the end of the suspension) when the calling member may not comment.
create function private.ensure_caller_may_comment()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  suspended_until timestamptz;
begin
  select p.commenting_suspended_until into suspended_until
  from public.profiles as p
  where p.id = (select auth.uid());

  if suspended_until > now() then
    raise exception using
      errcode = 'P0001',
      message = 'suspended',
      detail = format('Commenting is suspended until %s.', suspended_until),
      hint = to_char(suspended_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
  end if;
end;
$$;

revoke all on function private.ensure_caller_may_comment() from public;
grant execute on function private.ensure_caller_may_comment() to authenticated, service_role;

-- Before a comment is stored: trim it; for members also enforce suspension and rate limits and take
-- the time from the server (a client-chosen created_at would dodge the limits). SECURITY INVOKER on
-- purpose: `current_user` tells a member's request from the moderation functions and seeds, and the
-- parent is looked up with the member's own visibility (a reply to a hidden comment finds no parent).
create function private.prepare_new_comment()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  parent record;
begin
  new.body := private.trim_text(new.body);

  if current_user = 'authenticated' then
    new.created_at := now();
    new.edited_at := null;
    perform private.ensure_caller_may_comment();
    perform private.enforce_rate_limit('comment', 5, 30);
  end if;

  if new.parent_id is not null then
    select c.parent_id, c.article_key, c.status into parent
    from public.comments as c
    where c.id = new.parent_id;

    if not found then
      raise exception using errcode = 'P0001', message = 'parent_not_found',
        detail = 'The comment being replied to does not exist.';
    end if;
    if parent.parent_id is not null then
      raise exception using errcode = 'P0001', message = 'reply_too_deep',
        detail = 'Replies are one level deep: reply to the top-level comment instead.';
    end if;
    if parent.article_key <> new.article_key then
      raise exception using errcode = 'P0001', message = 'parent_not_found',
        detail = 'The comment being replied to belongs to another article.';
    end if;
    if parent.status <> 'visible' then
      raise exception using errcode = 'P0001', message = 'parent_unavailable',
        detail = 'The comment being replied to was withdrawn or hidden.';
    end if;
  end if;

  return new;
end;
$$;

revoke all on function private.prepare_new_comment() from public;

create trigger prepare_new_comment
  before insert on public.comments
  for each row execute function private.prepare_new_comment();

-- Before a comment changes: mark edits, make tombstones, and keep members to their two moves (edit the
-- text, withdraw the comment). Invoker for the same reason as above.
create function private.guard_comment_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
    and new.status is distinct from old.status
    and new.status <> 'deleted' then
    raise exception using errcode = '42501', message = 'not_allowed',
      detail = 'Only moderators hide or restore comments.';
  end if;

  if new.status = 'deleted' then
    if old.status <> 'deleted' then
      new.body := '';
      new.author_id := null;
    elsif new.body is distinct from old.body then
      raise exception using errcode = 'P0001', message = 'comment_deleted',
        detail = 'A withdrawn comment cannot be edited.';
    end if;
    return new;
  end if;

  new.body := private.trim_text(new.body);
  if new.body is distinct from old.body then
    if current_user = 'authenticated' then
      perform private.ensure_caller_may_comment();
    end if;
    new.edited_at := now();
  end if;
  return new;
end;
$$;

revoke all on function private.guard_comment_change() from public;

create trigger guard_comment_change
  before update on public.comments
  for each row execute function private.guard_comment_change();
