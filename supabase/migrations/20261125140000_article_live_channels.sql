-- Live article channels (PRODUCT.md §8: everyone, anonymous readers too, reads visible comments,
-- reaction counts and the presence count). Islands join the PRIVATE channel `article:{article_key}`
-- (`config: { private: true }`), which Realtime authorizes at join with these policies on
-- realtime.messages (SELECT: may receive broadcasts and presence; INSERT: may send broadcasts or
-- track presence):
--   - every reader may receive the article's broadcasts and see who is reading it;
--   - every reader may track their own presence there, so they are counted;
--   - nobody may broadcast there from a client: what arrives on the channel comes from the database
--     (realtime.send / realtime.broadcast_changes in SECURITY DEFINER triggers, which only send what
--     every reader may see), so no client can make up a comment or speak for another user.
-- Policies cannot see a presence key, so they cannot stop a client from tracking under someone else's
-- id; the local backend refuses that on private channels (a key shaped like a user id must be the
-- caller's own), hosted Supabase does not. The count stays honest on both because only the database
-- can broadcast, and islands count presences, not the ids in them.
create policy "readers receive an article's live updates and presence"
  on realtime.messages for select to anon, authenticated
  using (
    extension in ('broadcast', 'presence')
    and (select realtime.topic()) ~ '^article:[A-Za-z0-9._-]{1,200}$'
  );

create policy "readers are counted on the article they read"
  on realtime.messages for insert to anon, authenticated
  with check (
    extension = 'presence'
    and (select realtime.topic()) ~ '^article:[A-Za-z0-9._-]{1,200}$'
  );
