-- Live news about an article for every reader's comments island, through Broadcast from Database
-- (`realtime.send`) on the private topic `article:{article_key}`.
--
-- Why not postgres_changes on `comments`: row level security gives a reader no UPDATE for a comment
-- that a moderator just hid (they may no longer see the row), so it would stay on their screen; and on
-- hosted Supabase `old_record` holds only the primary key. Instead these triggers broadcast only what
-- every reader may see:
--   `comment`   {comment: <thread_comments row>}   a visible comment or a tombstone, as it is now;
--   `comment`   {comment_id, status: 'hidden'}     hidden: no text, no author; moderators and the
--                                                  author refetch it (RLS still shows it to them);
--   `reactions` {counts: {kind: n}}                the article's reaction counts after a change.
-- Islands apply the news directly, so a popular article costs one broadcast per change rather than
-- one query per reader. Who may listen (everyone) and that no client may send there is said by the
-- policies on realtime.messages in 20261125140000_article_live_channels.sql.

-- The comment as `thread_comments` shows it, or only its id and status when it is hidden.
create function private.comment_news(comment public.comments)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when comment.status = 'hidden' then
      jsonb_build_object('comment_id', comment.id, 'status', 'hidden')
    else
      jsonb_build_object('comment', jsonb_build_object(
        'id', comment.id,
        'article_key', comment.article_key,
        'parent_id', comment.parent_id,
        'author_id', comment.author_id,
        'author_name', (select p.display_name from public.profiles as p where p.id = comment.author_id),
        'body', comment.body,
        'language', comment.language,
        'status', comment.status,
        'created_at', comment.created_at,
        'edited_at', comment.edited_at
      ))
  end
$$;

revoke all on function private.comment_news(public.comments) from public;

create function private.broadcast_comment_news()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- A change that neither readers nor moderators can notice (e.g. an update that set the same text)
  -- is not news.
  if tg_op = 'UPDATE' and new.body is not distinct from old.body
    and new.status is not distinct from old.status then
    return null;
  end if;
  perform realtime.send(private.comment_news(new), 'comment', 'article:' || new.article_key, true);
  return null;
end;
$$;

revoke all on function private.broadcast_comment_news() from public;

create trigger broadcast_comment_news
  after insert or update on public.comments
  for each row execute function private.broadcast_comment_news();

create function private.broadcast_reaction_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  key text := coalesce(new.article_key, old.article_key);
begin
  perform realtime.send(
    jsonb_build_object('counts', coalesce(
      (select jsonb_object_agg(c.kind, c.count)
       from public.reaction_counts as c
       where c.article_key = key),
      '{}'::jsonb)),
    'reactions',
    'article:' || key,
    true
  );
  return null;
end;
$$;

revoke all on function private.broadcast_reaction_counts() from public;

create trigger broadcast_reaction_counts
  after insert or delete on public.reactions
  for each row execute function private.broadcast_reaction_counts();
