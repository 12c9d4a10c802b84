-- An avatar path is a normalised object name inside the member's own folder (issue 8, finding 8).
-- `profiles_avatar_in_own_folder` only compares the prefix, so `<own id>/../<other id>/avatar.png`
-- passed it and named another member's file. Storage resolves no `..`, but the app and any other
-- reader of the path must be able to trust it as written: each segment uses only the characters
-- Storage accepts in object names, and none is empty, `.` or `..`.

-- Paths saved before this check that break it point nowhere a member may write; they are cleared
-- (the member's avatar falls back to their initials) rather than kept unreadable.
update public.profiles
set avatar_path = null
where avatar_path is not null
  and (avatar_path !~ ('^' || id::text || '(/[A-Za-z0-9_!*''() &$@=;:+,?.-]+)+$')
       or avatar_path ~ '(^|/)\.{1,2}(/|$)');

alter table public.profiles
  add constraint profiles_avatar_path_normalised
  check (
    avatar_path is null
    or (avatar_path ~ ('^' || id::text || '(/[A-Za-z0-9_!*''() &$@=;:+,?.-]+)+$')
        and avatar_path !~ '(^|/)\.{1,2}(/|$)')
  );

comment on constraint profiles_avatar_path_normalised on public.profiles is
  'avatar_path is <own id>/<segments>, each segment of Storage''s object-name characters and never empty, "." or "..".';
