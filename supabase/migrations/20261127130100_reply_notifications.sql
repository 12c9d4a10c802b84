-- What reply e-mails were sent (PRODUCT.md §5): one row per reply and recipient, so a webhook
-- delivered twice sends once, and a member gets at most one e-mail per thread per hour.
create table public.reply_notifications (
  id bigint generated always as identity primary key,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  thread_id uuid not null references public.comments (id) on delete cascade,
  reply_id uuid not null references public.comments (id) on delete cascade,
  sent_at timestamptz not null default now(),
  constraint reply_notifications_once_per_reply unique (reply_id, recipient_id)
);

create index reply_notifications_by_thread on public.reply_notifications (recipient_id, thread_id, sent_at);

alter table public.reply_notifications enable row level security;

create policy "members can see which reply e-mails they were sent"
  on public.reply_notifications for select to authenticated
  using (recipient_id = (select auth.uid()));

revoke all on table public.reply_notifications from anon, authenticated;
grant select on table public.reply_notifications to authenticated;

-- Decides whether a reply's e-mail goes out and claims it in the same statement, for the function
-- the webhook calls (service_role only). Returns what the e-mail needs, or no row when a rule says
-- no: a reply to oneself, a hidden or withdrawn reply or parent, a suspended author or recipient, a
-- recipient who turned reply e-mails off, an e-mail already sent for this reply, or one sent for
-- this thread within the last hour.
create function public.claim_reply_notification(reply uuid)
returns table (
  recipient_email text,
  recipient_locale text,
  recipient_name text,
  author_name text,
  article_key text,
  reply_body text,
  reply_language text,
  unsubscribe_token uuid
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.comments;
  parent public.comments;
  recipient public.profiles;
  author public.profiles;
  settings public.notification_preferences;
begin
  select * into r from public.comments where id = reply;
  if not found or r.parent_id is null or r.status <> 'visible' then return; end if;
  select * into parent from public.comments where id = r.parent_id;
  if parent.status <> 'visible' or parent.author_id is null or parent.author_id = r.author_id then
    return;
  end if;
  select * into recipient from public.profiles where id = parent.author_id;
  select * into author from public.profiles where id = r.author_id;
  if coalesce(recipient.commenting_suspended_until > now(), false)
    or coalesce(author.commenting_suspended_until > now(), false) then
    return;
  end if;
  -- The member's row, made on first use so that the e-mail has its unsubscribe token.
  insert into public.notification_preferences (user_id) values (recipient.id)
  on conflict (user_id) do nothing;
  select * into settings from public.notification_preferences where user_id = recipient.id;
  if not settings.reply_emails then return; end if;
  -- One e-mail per thread and member per hour; the lock makes two replies at once count as two.
  perform pg_advisory_xact_lock(hashtextextended(recipient.id::text || parent.id::text, 0));
  if exists (
    select 1 from public.reply_notifications as n
    where n.recipient_id = recipient.id and n.thread_id = parent.id
      and n.sent_at > now() - interval '1 hour'
  ) then
    return;
  end if;
  insert into public.reply_notifications (recipient_id, thread_id, reply_id)
  values (recipient.id, parent.id, r.id)
  on conflict on constraint reply_notifications_once_per_reply do nothing;
  if not found then return; end if;
  return query
  select u.email::text, recipient.locale, recipient.display_name, author.display_name,
    r.article_key, r.body, r.language, settings.unsubscribe_token
  from auth.users as u where u.id = recipient.id;
end;
$$;

revoke all on function public.claim_reply_notification(uuid) from public, anon, authenticated;
grant execute on function public.claim_reply_notification(uuid) to service_role;
