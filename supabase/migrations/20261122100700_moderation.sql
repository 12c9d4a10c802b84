-- Moderation (PRODUCT.md §6, §8), callable through PostgREST's rpc. Each function checks the caller's
-- role itself and runs as its owner, because members cannot write these columns directly. Errors carry
-- a machine-readable key in `message`: `not_allowed` (42501), `not_found`, `invalid_state`,
-- `report_closed`, `invalid_until`, `invalid_role`, `last_admin` (P0001).

create function private.ensure_caller_is_moderator()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_moderator() then
    raise exception using errcode = '42501', message = 'not_allowed',
      detail = 'Only moderators and admins may do this.';
  end if;
end;
$$;

revoke all on function private.ensure_caller_is_moderator() from public;

-- Sets a comment's moderation status; hide_comment and restore_comment below are its two faces.
-- Setting the status it already has changes nothing; a withdrawn comment has nothing left to moderate.
create function private.set_comment_status(comment_id uuid, new_status text)
returns public.comments
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.comments;
begin
  perform private.ensure_caller_is_moderator();

  select * into target from public.comments as c where c.id = set_comment_status.comment_id for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'not_found', detail = 'No such comment.';
  end if;
  if target.status = 'deleted' then
    raise exception using errcode = 'P0001', message = 'invalid_state',
      detail = 'A withdrawn comment cannot be hidden or restored.';
  end if;

  update public.comments as c set status = set_comment_status.new_status
  where c.id = set_comment_status.comment_id
  returning * into target;
  return target;
end;
$$;

revoke all on function private.set_comment_status(uuid, text) from public;

-- Hides a visible comment from everyone but moderators and its author.
create function public.hide_comment(comment_id uuid)
returns public.comments
language sql
security definer
set search_path = ''
as $$ select private.set_comment_status(comment_id, 'hidden') $$;

-- Makes a hidden comment visible again.
create function public.restore_comment(comment_id uuid)
returns public.comments
language sql
security definer
set search_path = ''
as $$ select private.set_comment_status(comment_id, 'visible') $$;

-- Closes an open report, and with it every other open report on the same comment.
create function private.close_reports(report_id uuid, outcome text)
returns public.comment_reports
language plpgsql
security definer
set search_path = ''
as $$
declare
  report public.comment_reports;
begin
  perform private.ensure_caller_is_moderator();

  select * into report from public.comment_reports as r where r.id = close_reports.report_id for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'not_found', detail = 'No such report.';
  end if;
  if report.status <> 'open' then
    raise exception using errcode = 'P0001', message = 'report_closed',
      detail = format('The report was already %s.', report.status);
  end if;

  update public.comment_reports as r
  set status = close_reports.outcome, resolved_by = (select auth.uid()), resolved_at = now()
  where r.comment_id = report.comment_id and r.status = 'open';

  select * into report from public.comment_reports as r where r.id = close_reports.report_id;
  return report;
end;
$$;

revoke all on function private.close_reports(uuid, text) from public;

-- Upholds a report: the comment is hidden (unless its author already withdrew it).
create function public.resolve_report(report_id uuid)
returns public.comment_reports
language plpgsql
security definer
set search_path = ''
as $$
declare
  report public.comment_reports;
begin
  report := private.close_reports(resolve_report.report_id, 'resolved');
  update public.comments as c set status = 'hidden'
  where c.id = report.comment_id and c.status = 'visible';
  return report;
end;
$$;

-- Rejects a report: the comment stays as it is.
create function public.dismiss_report(report_id uuid)
returns public.comment_reports
language plpgsql
security definer
set search_path = ''
as $$
begin
  return private.close_reports(dismiss_report.report_id, 'dismissed');
end;
$$;

-- Suspends a member's commenting until the given time; null lifts the suspension. Moderators suspend
-- members; admins also moderators. Nobody suspends an admin or themselves.
create function public.suspend_commenting(user_id uuid, until timestamptz)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  target_role text;
begin
  perform private.ensure_caller_is_moderator();

  select p.role into target_role from public.profiles as p where p.id = suspend_commenting.user_id for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'not_found', detail = 'No such member.';
  end if;
  if suspend_commenting.user_id = (select auth.uid())
    or target_role = 'admin'
    or (target_role = 'moderator' and not public.is_admin()) then
    raise exception using errcode = '42501', message = 'not_allowed',
      detail = 'Moderators suspend members, admins also moderators; nobody suspends an admin or themselves.';
  end if;
  if until is not null and until <= now() then
    raise exception using errcode = 'P0001', message = 'invalid_until',
      detail = 'A suspension ends in the future; pass null to lift it.';
  end if;

  update public.profiles as p
  set commenting_suspended_until = suspend_commenting.until
  where p.id = suspend_commenting.user_id;
  return until;
end;
$$;

-- Grants or revokes the moderator role (admins only). The admin role itself is not handed out here;
-- an admin may step down to moderator or member while another admin remains.
create function public.set_role(user_id uuid, role text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  target_role text;
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'not_allowed',
      detail = 'Only admins change roles.';
  end if;
  if set_role.role is null or set_role.role not in ('member', 'moderator') then
    raise exception using errcode = 'P0001', message = 'invalid_role',
      detail = 'The role must be member or moderator.';
  end if;

  select p.role into target_role from public.profiles as p where p.id = set_role.user_id for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'not_found', detail = 'No such member.';
  end if;
  if target_role = 'admin' then
    if set_role.user_id <> (select auth.uid()) then
      raise exception using errcode = '42501', message = 'not_allowed',
        detail = 'Admins cannot change another admin''s role.';
    end if;
    if not exists (
      select 1 from public.profiles as p where p.role = 'admin' and p.id <> set_role.user_id
    ) then
      raise exception using errcode = 'P0001', message = 'last_admin',
        detail = 'The last admin cannot step down.';
    end if;
  end if;

  update public.profiles as p set role = set_role.role where p.id = set_role.user_id;
  return set_role.role;
end;
$$;

revoke all on function public.hide_comment(uuid) from public, anon;
revoke all on function public.restore_comment(uuid) from public, anon;
revoke all on function public.resolve_report(uuid) from public, anon;
revoke all on function public.dismiss_report(uuid) from public, anon;
revoke all on function public.suspend_commenting(uuid, timestamptz) from public, anon;
revoke all on function public.set_role(uuid, text) from public, anon;
grant execute on function public.hide_comment(uuid) to authenticated, service_role;
grant execute on function public.restore_comment(uuid) to authenticated, service_role;
grant execute on function public.resolve_report(uuid) to authenticated, service_role;
grant execute on function public.dismiss_report(uuid) to authenticated, service_role;
grant execute on function public.suspend_commenting(uuid, timestamptz) to authenticated, service_role;
grant execute on function public.set_role(uuid, text) to authenticated, service_role;
