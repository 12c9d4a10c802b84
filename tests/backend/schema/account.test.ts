import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import { freshDatabase } from '../helpers/database.ts';
import { articles, demoUsers } from '../rls/demo.ts';
import { createMember, postComment, queryAs, refusal } from './support.ts';

interface Export {
  account: { id: string; email: string };
  profile: { display_name: string; role: string };
  comments: { id: string }[];
  reactions: { kind: string }[];
  bookmarks: { article_key: string }[];
  reports: Record<string, unknown>[];
  avatars: { name: string }[];
}

describe('own account: export and deletion', () => {
  let db: Database;

  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const countWhere = async (sql: string, id: string) =>
    (await db.query<{ count: number }>(`select count(*)::int as count ${sql}`, [id])).rows[0]
      ?.count;

  it('export everything stored about the demo member as one JSON document', async () => {
    const { rows } = await queryAs<{ data: Export }>(
      db,
      demoUsers.member.id,
      'select public.export_my_data() as data',
    );
    const data = rows[0]?.data;
    expect(data?.account).toMatchObject({ id: demoUsers.member.id, email: 'member@example.com' });
    expect(data?.profile).toMatchObject({ display_name: 'Mina Member', role: 'member' });
    expect(data?.comments).toHaveLength(2);
    expect(data?.reactions.map((r) => r.kind).sort()).toEqual(['insightful', 'like', 'like']);
    expect(data?.bookmarks).toEqual([
      expect.objectContaining({ article_key: articles.nightTrains }),
    ]);
    expect(data?.reports).toHaveLength(2);
    expect(data?.reports[0]).not.toHaveProperty('resolved_by');
  });

  it('are refused to visitors who are not signed in', async () => {
    for (const fn of ['export_my_data', 'delete_my_account']) {
      const error = await refusal(queryAs(db, null, `select public.${fn}()`));
      expect(error.code).toBe('42501');
    }
  });

  it('deletion removes the member and their data, leaving anonymous tombstones that keep replies', async () => {
    const leaver = await createMember(db, { metadata: { display_name: 'Leaving Lee' } });
    const stayer = await createMember(db);
    const comment = await postComment(db, leaver, { body: 'Goodbye, world.' });
    const reply = await postComment(db, stayer, { parent_id: comment, body: 'Farewell!' });
    await queryAs(
      db,
      leaver,
      "insert into public.reactions (article_key, kind) values ($1, 'like')",
      [articles.unicode],
    );
    await queryAs(db, leaver, 'insert into public.bookmarks (article_key) values ($1)', [
      articles.unicode,
    ]);
    await queryAs(
      db,
      leaver,
      "insert into public.comment_reports (comment_id, reason) values ($1, 'spam')",
      [reply],
    );
    await queryAs(
      db,
      leaver,
      "insert into storage.objects (bucket_id, name, owner, owner_id) values ('avatars', $1, auth.uid(), auth.uid()::text)",
      [`${leaver}/avatar.png`],
    );
    const exported = await queryAs<{ data: Export }>(
      db,
      leaver,
      'select public.export_my_data() as data',
    );
    expect(exported.rows[0]?.data.avatars).toEqual([
      expect.objectContaining({ name: `${leaver}/avatar.png` }),
    ]);

    await queryAs(db, leaver, 'select public.delete_my_account()');

    expect(await countWhere('from auth.users where id = $1', leaver)).toBe(0);
    expect(await countWhere('from public.profiles where id = $1', leaver)).toBe(0);
    expect(await countWhere('from public.reactions where user_id = $1', leaver)).toBe(0);
    expect(await countWhere('from public.bookmarks where user_id = $1', leaver)).toBe(0);
    expect(await countWhere('from public.comment_reports where reporter_id = $1', leaver)).toBe(0);
    expect(await countWhere("from storage.objects where name like $1 || '/%'", leaver)).toBe(0);
    expect(await countWhere('from private.rate_limit_hits where user_id = $1', leaver)).toBe(0);

    const thread = await queryAs<{
      id: string;
      status: string;
      body: string;
      author_id: string | null;
    }>(
      db,
      null,
      'select id, status, body, author_id from public.comments where id in ($1, $2) order by created_at',
      [comment, reply],
    );
    expect(thread.rows).toEqual([
      { id: comment, status: 'deleted', body: '', author_id: null },
      { id: reply, status: 'visible', body: 'Farewell!', author_id: stayer },
    ]);
  });

  it('an admin removing an auth user also leaves tombstones', async () => {
    const removed = await createMember(db);
    const comment = await postComment(db, removed, { body: 'Soon gone.' });
    await db.query('delete from auth.users where id = $1', [removed]);
    const { rows } = await db.query(
      'select status, body, author_id from public.comments where id = $1',
      [comment],
    );
    expect(rows).toEqual([{ status: 'deleted', body: '', author_id: null }]);
  });

  it('the last admin cannot delete their account', async () => {
    const error = await refusal(
      queryAs(db, demoUsers.admin.id, 'select public.delete_my_account()'),
    );
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'P0001',
      message: 'last_admin',
    });
    expect(await countWhere('from auth.users where id = $1', demoUsers.admin.id)).toBe(1);
  });
});
