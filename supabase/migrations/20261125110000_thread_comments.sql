-- The comment thread as the comments island reads it: each comment with its author's public name, in
-- one request instead of a comments query plus a profiles query. Invoker, so the comments' row level
-- security decides what each reader gets (visible comments and tombstones for everyone; hidden ones
-- only for moderators and their author). The author's name comes through `public_profiles`, which
-- shows every member's public face and nothing else.
create view public.thread_comments with (security_invoker = on) as
  select
    c.id,
    c.article_key,
    c.parent_id,
    c.author_id,
    p.display_name as author_name,
    c.body,
    c.language,
    c.status,
    c.created_at,
    c.edited_at
  from public.comments as c
  left join public.public_profiles as p on p.id = c.author_id;

comment on view public.thread_comments is 'Comments with their author''s display name, as row level security lets the caller see them.';

-- Read-only: a single-table-plus-join view is not updatable, but say so rather than rely on it.
revoke all on table public.thread_comments from anon, authenticated;
grant select on table public.thread_comments to anon, authenticated;
