-- Per-member rate limits (PRODUCT.md §7), counted in a log rather than in the limited tables themselves:
-- reactions are deleted when taken back and comments lose their author when withdrawn, so the tables
-- cannot say how many changes a member made in the last hour.
create table private.rate_limit_hits (
  user_id uuid not null references auth.users (id) on delete cascade,
  action text not null,
  hit_at timestamptz not null default now()
);

create index rate_limit_hits_by_user_action_time on private.rate_limit_hits (user_id, action, hit_at);

alter table private.rate_limit_hits enable row level security;
revoke all on table private.rate_limit_hits from public;

-- Raises `rate_limited` (SQLSTATE P0001) when the caller already used up a window, else records the hit.
-- The hint names the window that is full (`per_minute` or `per_hour`) so the UI can say when to retry.
-- A null limit means no limit for that window. Callers without a user (seeds, the service role) are not
-- limited.
--
-- @example perform private.enforce_rate_limit('comment', 5, 30);
create function private.enforce_rate_limit(action text, per_minute integer, per_hour integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  hits_last_minute integer;
  hits_last_hour integer;
begin
  if caller is null then
    return;
  end if;

  -- Two concurrent requests of one member must not both see the last free slot.
  perform pg_advisory_xact_lock(hashtextextended(caller::text || '/' || enforce_rate_limit.action, 0));

  delete from private.rate_limit_hits as h
  where h.user_id = caller
    and h.action = enforce_rate_limit.action
    and h.hit_at < now() - interval '1 hour';

  select count(*) filter (where h.hit_at > now() - interval '1 minute'), count(*)
  into hits_last_minute, hits_last_hour
  from private.rate_limit_hits as h
  where h.user_id = caller
    and h.action = enforce_rate_limit.action;

  if per_minute is not null and hits_last_minute >= per_minute then
    raise exception using
      errcode = 'P0001',
      message = 'rate_limited',
      detail = format('At most %s %s actions per minute.', per_minute, enforce_rate_limit.action),
      hint = 'per_minute';
  end if;

  if per_hour is not null and hits_last_hour >= per_hour then
    raise exception using
      errcode = 'P0001',
      message = 'rate_limited',
      detail = format('At most %s %s actions per hour.', per_hour, enforce_rate_limit.action),
      hint = 'per_hour';
  end if;

  insert into private.rate_limit_hits (user_id, action) values (caller, enforce_rate_limit.action);
end;
$$;

revoke all on function private.enforce_rate_limit(text, integer, integer) from public;
grant execute on function private.enforce_rate_limit(text, integer, integer) to authenticated, service_role;
