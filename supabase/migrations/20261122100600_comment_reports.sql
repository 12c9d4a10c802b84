-- Members report comments to moderators (PRODUCT.md §5–8). A report is open until a moderator resolves
-- it (the comment is hidden) or dismisses it, through resolve_report() and dismiss_report().
create table public.comment_reports (
  id uuid primary key default gen_random_uuid(),
  comment_id uuid not null references public.comments (id) on delete cascade,
  reporter_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  reason text not null,
  note text,
  status text not null default 'open',
  created_at timestamptz not null default now(),
  resolved_by uuid references public.profiles (id) on delete set null,
  resolved_at timestamptz,
  constraint comment_reports_reason_known check (reason in ('spam', 'abuse', 'off_topic', 'other')),
  constraint comment_reports_note_length check (char_length(note) <= 500),
  constraint comment_reports_status_known check (status in ('open', 'resolved', 'dismissed')),
  constraint comment_reports_closing_recorded check ((status = 'open') = (resolved_at is null)),
  constraint comment_reports_one_per_member unique (comment_id, reporter_id)
);

create index comment_reports_open_queue on public.comment_reports (created_at) where status = 'open';
create index comment_reports_by_reporter on public.comment_reports (reporter_id, created_at);

alter table public.comment_reports enable row level security;

create policy "members can report comments as themselves"
  on public.comment_reports for insert to authenticated
  with check (reporter_id = (select auth.uid()) and status = 'open');

create policy "members can read their own reports"
  on public.comment_reports for select to authenticated
  using (reporter_id = (select auth.uid()));

create policy "moderators can read every report"
  on public.comment_reports for select to authenticated
  using ((select public.is_moderator()));

revoke all on table public.comment_reports from anon, authenticated;
grant select on table public.comment_reports to anon, authenticated;
grant insert (comment_id, reporter_id, reason, note) on table public.comment_reports to authenticated;

-- Before a report is stored: trim the note (empty means none); for members, only comments they can see
-- and that are visible may be reported, at most 10 reports an hour. Invoker, as for comments.
create function private.prepare_new_report()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  reported_status text;
begin
  new.note := nullif(private.trim_text(new.note), '');

  if current_user = 'authenticated' then
    new.created_at := now();
    select c.status into reported_status from public.comments as c where c.id = new.comment_id;
    if reported_status is distinct from 'visible' then
      raise exception using errcode = 'P0001', message = 'comment_unavailable',
        detail = 'Only visible comments can be reported.';
    end if;
    perform private.enforce_rate_limit('report', null, 10);
  end if;
  return new;
end;
$$;

revoke all on function private.prepare_new_report() from public;

create trigger prepare_new_report
  before insert on public.comment_reports
  for each row execute function private.prepare_new_report();
