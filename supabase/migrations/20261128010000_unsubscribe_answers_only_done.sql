-- The unsubscribe link's function answered the member's locale to anyone holding a token, which the
-- unsubscribe page never used (it speaks the page's language). Now it answers only what the page and
-- the one-click endpoint need: true when the token named a member (whose reply e-mails are now off),
-- null when it names nobody, as before. A new return type needs a new function.
drop function public.unsubscribe_reply_emails(uuid);

create function public.unsubscribe_reply_emails(token uuid)
returns boolean
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
  select true from changed
$$;

revoke all on function public.unsubscribe_reply_emails(uuid) from public;
grant execute on function public.unsubscribe_reply_emails(uuid) to anon, authenticated, service_role;
