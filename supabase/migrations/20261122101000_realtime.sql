-- The tables the islands watch live. Comments keep full old rows so that an UPDATE event tells what
-- changed (edited text, withdrawn); a reaction's primary key already says everything a DELETE needs.
alter publication supabase_realtime add table public.comments, public.reactions;
alter table public.comments replica identity full;
