-- Reply e-mails (PRODUCT.md §5, §8a): a member's choice, on by default (no row = on). The
-- unsubscribe token is random and per member: the one-click link in each e-mail carries it, so it
-- switches the e-mails off without signing in, and says nothing else about the member.
create table public.notification_preferences (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  reply_emails boolean not null default true,
  unsubscribe_token uuid not null unique default gen_random_uuid(),
  updated_at timestamptz not null default now()
);

alter table public.notification_preferences enable row level security;

create policy "members can read their own notification settings"
  on public.notification_preferences for select to authenticated
  using (user_id = (select auth.uid()));

create policy "members can add their own notification settings"
  on public.notification_preferences for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "members can change their own notification settings"
  on public.notification_preferences for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- The token stays the database's: members write only their choice.
revoke all on table public.notification_preferences from anon, authenticated;
grant select (user_id, reply_emails, updated_at) on table public.notification_preferences to authenticated;
grant insert (user_id, reply_emails) on table public.notification_preferences to authenticated;
-- user_id too: an upsert (PostgREST's ON CONFLICT DO UPDATE) sets every column it sends; the policy
-- keeps it the member's own.
grant update (user_id, reply_emails) on table public.notification_preferences to authenticated;

-- The one-click unsubscribe (RFC 8058) and the e-mail's link: the token's member stops getting reply
-- e-mails. Answers the member's locale, so the page can say so in their language, or null for a
-- token that names nobody. Callable without signing in; a token is 122 random bits.
create function public.unsubscribe_reply_emails(token uuid)
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  with changed as (
    update public.notification_preferences
    set reply_emails = false, updated_at = now()
    where unsubscribe_token = token
    returning user_id
  )
  select p.locale from changed join public.profiles as p on p.id = changed.user_id
$$;

revoke all on function public.unsubscribe_reply_emails(uuid) from public;
grant execute on function public.unsubscribe_reply_emails(uuid) to anon, authenticated, service_role;
