import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import { freshDatabase } from '../helpers/database.ts';
import { demoUsers, seededComments } from '../rls/demo.ts';
import { createMember, postComment, queryAs, refusal } from './support.ts';

interface Report {
  id: string;
  status: string;
  note: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
}

const moderator = demoUsers.moderator.id;

describe('comment reports', () => {
  let db: Database;

  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const report = async (userId: string, commentId: string, reason = 'spam', note?: string) => {
    const { rows } = await queryAs<{ id: string }>(
      db,
      userId,
      `insert into public.comment_reports (comment_id, reason, note) values ($1, $2, $3) returning id`,
      [commentId, reason, note ?? null],
    );
    return rows[0]?.id ?? '';
  };
  const reportOf = async (id: string) =>
    (await db.query<Report>('select * from public.comment_reports where id = $1', [id])).rows[0];
  const statusOfComment = async (id: string) =>
    (await db.query<{ status: string }>('select status from public.comments where id = $1', [id]))
      .rows[0]?.status;

  it('need a known reason and a note of at most 500 characters (blank means none)', async () => {
    const author = await createMember(db);
    const reporter = await createMember(db);
    const comment = await postComment(db, author);
    expect((await refusal(report(reporter, comment, 'rude'))).code).toBe('23514');
    expect((await refusal(report(reporter, comment, 'other', 'n'.repeat(501)))).code).toBe('23514');
    const id = await report(reporter, comment, 'other', '   ');
    expect(await reportOf(id)).toMatchObject({ status: 'open', note: null });
  });

  it('are accepted once per member and comment', async () => {
    const author = await createMember(db);
    const reporter = await createMember(db);
    const comment = await postComment(db, author);
    await report(reporter, comment);
    expect((await refusal(report(reporter, comment, 'abuse'))).code).toBe('23505');
  });

  it('cannot target hidden or withdrawn comments', async () => {
    const reporter = await createMember(db);
    const hidden = await refusal(report(reporter, seededComments.otherMemberHidden));
    expect({ code: hidden.code, message: hidden.message }).toEqual({
      code: 'P0001',
      message: 'comment_unavailable',
    });
    const author = await createMember(db);
    const withdrawn = await postComment(db, author);
    await queryAs(db, author, "update public.comments set status = 'deleted' where id = $1", [
      withdrawn,
    ]);
    expect((await refusal(report(reporter, withdrawn))).message).toBe('comment_unavailable');
  });

  it('are limited to 10 an hour per member', async () => {
    const author = await createMember(db);
    const reporter = await createMember(db);
    const { rows } = await db.query<{ id: string }>(
      `insert into public.comments (article_key, author_id, body, language)
       select 'translation-metadata-article-unicode-explained', $1, 'Comment ' || i, 'en'
       from generate_series(1, 11) as i returning id`,
      [author],
    );
    const comments = rows.map((row) => row.id);
    for (const comment of comments.slice(0, 10)) await report(reporter, comment);
    const error = await refusal(report(reporter, comments[10] ?? ''));
    expect({ message: error.message, hint: error.hint }).toEqual({
      message: 'rate_limited',
      hint: 'per_hour',
    });
  });

  it('when resolved, hide the comment and close every open report on it', async () => {
    const author = await createMember(db);
    const first = await createMember(db);
    const second = await createMember(db);
    const comment = await postComment(db, author, { body: 'Something awful' });
    const firstReport = await report(first, comment, 'abuse');
    const secondReport = await report(second, comment, 'spam');

    const { rows } = await queryAs<{ status: string }>(
      db,
      moderator,
      'select status from public.resolve_report($1)',
      [firstReport],
    );
    expect(rows).toEqual([{ status: 'resolved' }]);
    expect(await statusOfComment(comment)).toBe('hidden');
    for (const id of [firstReport, secondReport]) {
      expect(await reportOf(id)).toMatchObject({ status: 'resolved', resolved_by: moderator });
    }
    const seenByAnon = await queryAs(db, null, 'select id from public.comments where id = $1', [
      comment,
    ]);
    expect(seenByAnon.rows).toEqual([]);

    const again = await refusal(
      queryAs(db, moderator, 'select public.dismiss_report($1)', [secondReport]),
    );
    expect(again.message).toBe('report_closed');
  });

  it('when dismissed, leave the comment visible', async () => {
    const author = await createMember(db);
    const reporter = await createMember(db);
    const comment = await postComment(db, author);
    const id = await report(reporter, comment, 'off_topic');
    await queryAs(db, demoUsers.admin.id, 'select public.dismiss_report($1)', [id]);
    expect(await reportOf(id)).toMatchObject({
      status: 'dismissed',
      resolved_by: demoUsers.admin.id,
    });
    expect(await statusOfComment(comment)).toBe('visible');
  });

  it('cannot be resolved or dismissed by members', async () => {
    for (const fn of ['resolve_report', 'dismiss_report']) {
      const error = await refusal(
        queryAs(db, demoUsers.member.id, `select public.${fn}($1)`, [
          '5eedf000-0000-4000-8000-000000000001',
        ]),
      );
      expect({ code: error.code, message: error.message }).toEqual({
        code: '42501',
        message: 'not_allowed',
      });
    }
    expect(await statusOfComment(seededComments.otherMemberSpam)).toBe('visible');
  });
});
