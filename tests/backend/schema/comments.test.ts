import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import { freshDatabase } from '../helpers/database.ts';
import { demoUsers, seededComments } from '../rls/demo.ts';
import { createMember, postComment, queryAs, refusal } from './support.ts';

interface Comment {
  id: string;
  body: string;
  status: string;
  author_id: string | null;
  parent_id: string | null;
  created_at: string;
  edited_at: string | null;
}

const nightTrains = 'translation-metadata-article-night-trains-of-europe';

describe('comments', () => {
  let db: Database;

  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const commentOf = async (id: string) =>
    (await db.query<Comment>('select * from public.comments where id = $1', [id])).rows[0];

  it('are stored trimmed and visible, stamped with the server time', async () => {
    const author = await createMember(db);
    const id = await postComment(db, author, { body: '  Bonjour à tous !\n\n' });
    const comment = await commentOf(id);
    expect(comment).toMatchObject({
      body: 'Bonjour à tous !',
      status: 'visible',
      author_id: author,
    });
    expect(Date.now() - new Date(comment?.created_at ?? 0).getTime()).toBeLessThan(60_000);

    const backdated = await refusal(
      queryAs(
        db,
        author,
        `insert into public.comments (article_key, body, language, created_at)
         values ($1, 'Old news', 'en', '2001-01-01')`,
        [nightTrains],
      ),
    );
    expect(backdated.code).toBe('42501');
  });

  it('must hold 1 to 2,000 characters after trimming', async () => {
    const author = await createMember(db);
    const longest = `  ${'x'.repeat(2000)}  `;
    const id = await postComment(db, author, { body: longest });
    expect((await commentOf(id))?.body).toHaveLength(2000);

    for (const body of ['   \n\t ', 'x'.repeat(2001)]) {
      const error = await refusal(postComment(db, author, { body }));
      expect(error.code).toBe('23514');
      expect(error.message).toContain('comments_body_length');
    }
  });

  it('take replies one level deep, within the same article', async () => {
    const author = await createMember(db);
    const replier = await createMember(db);
    const top = await postComment(db, author, { article_key: nightTrains });
    const reply = await postComment(db, replier, { article_key: nightTrains, parent_id: top });
    expect((await commentOf(reply))?.parent_id).toBe(top);

    const tooDeep = await refusal(
      postComment(db, author, { article_key: nightTrains, parent_id: reply }),
    );
    expect({ code: tooDeep.code, message: tooDeep.message }).toEqual({
      code: 'P0001',
      message: 'reply_too_deep',
    });
    const elsewhere = await refusal(postComment(db, replier, { parent_id: top }));
    expect(elsewhere.message).toBe('parent_not_found');
  });

  it('cannot answer a hidden comment the member cannot see', async () => {
    const member = await createMember(db);
    const error = await refusal(
      postComment(db, member, {
        article_key: nightTrains,
        parent_id: seededComments.otherMemberHidden,
      }),
    );
    expect(error.message).toBe('parent_not_found');
  });

  it('are marked as edited when their text changes', async () => {
    const author = await createMember(db);
    const id = await postComment(db, author, { body: 'First draft' });
    expect((await commentOf(id))?.edited_at).toBeNull();
    await queryAs(db, author, "update public.comments set body = 'Second draft' where id = $1", [
      id,
    ]);
    const edited = await commentOf(id);
    expect(edited?.body).toBe('Second draft');
    expect(edited?.edited_at).not.toBeNull();
  });

  it('become anonymous tombstones when withdrawn, and their replies stay', async () => {
    const author = await createMember(db);
    const replier = await createMember(db);
    const top = await postComment(db, author, { body: 'I will regret this.' });
    const reply = await postComment(db, replier, { parent_id: top, body: 'Indeed.' });

    const { affectedRows } = await queryAs(
      db,
      author,
      "update public.comments set status = 'deleted' where id = $1",
      [top],
    );
    expect(affectedRows).toBe(1);
    expect(await commentOf(top)).toMatchObject({ status: 'deleted', body: '', author_id: null });

    const seenByAnon = await queryAs<{ id: string; status: string }>(
      db,
      null,
      'select id, status from public.comments where id in ($1, $2) order by created_at',
      [top, reply],
    );
    expect(seenByAnon.rows).toEqual([
      { id: top, status: 'deleted' },
      { id: reply, status: 'visible' },
    ]);

    const again = await queryAs(
      db,
      author,
      "update public.comments set body = 'Back' where id = $1",
      [top],
    );
    expect(again.affectedRows).toBe(0);
  });

  it('cannot be hidden or restored by writing the status', async () => {
    const author = await createMember(db);
    const id = await postComment(db, author);
    const error = await refusal(
      queryAs(db, author, "update public.comments set status = 'hidden' where id = $1", [id]),
    );
    expect({ code: error.code, message: error.message }).toEqual({
      code: '42501',
      message: 'not_allowed',
    });
  });

  it('are limited to 5 a minute: the sixth is refused with rate_limited', async () => {
    const author = await createMember(db);
    for (let i = 1; i <= 5; i += 1) await postComment(db, author, { body: `Comment ${i}` });
    const error = await refusal(postComment(db, author, { body: 'Comment 6' }));
    expect({ code: error.code, message: error.message, hint: error.hint }).toEqual({
      code: 'P0001',
      message: 'rate_limited',
      hint: 'per_minute',
    });
    const { rows } = await db.query<{ count: number }>(
      'select count(*)::int as count from public.comments where author_id = $1',
      [author],
    );
    expect(rows[0]?.count).toBe(5);
  });

  it('do not hand back rate-limit budget when withdrawn', async () => {
    const author = await createMember(db);
    const ids: string[] = [];
    for (let i = 1; i <= 5; i += 1) ids.push(await postComment(db, author, { body: `Spam ${i}` }));
    await queryAs(db, author, "update public.comments set status = 'deleted' where id = any($1)", [
      ids,
    ]);
    const error = await refusal(postComment(db, author, { body: 'Spam 6' }));
    expect(error.message).toBe('rate_limited');
  });

  it('are limited to 30 an hour', async () => {
    const author = await createMember(db);
    // 30 comments spread over the last 50 minutes, as the rate limiter recorded them.
    await db.query(
      `insert into private.rate_limit_hits (user_id, action, hit_at)
       select $1, 'comment', now() - make_interval(mins => 2 + i * 48 / 30) from generate_series(0, 29) as i`,
      [author],
    );
    const error = await refusal(postComment(db, author));
    expect({ message: error.message, hint: error.hint }).toEqual({
      message: 'rate_limited',
      hint: 'per_hour',
    });
  });

  it('cannot be written or edited while commenting is suspended, and can again once lifted', async () => {
    const author = await createMember(db);
    const earlier = await postComment(db, author, { body: 'Before the suspension' });
    const until = new Date(Date.now() + 3_600_000);
    await queryAs(db, demoUsers.moderator.id, 'select public.suspend_commenting($1, $2)', [
      author,
      until.toISOString(),
    ]);

    const posting = await refusal(postComment(db, author));
    expect({ code: posting.code, message: posting.message }).toEqual({
      code: 'P0001',
      message: 'suspended',
    });
    expect(new Date(posting.hint ?? '').getTime()).toBe(Math.floor(until.getTime() / 1000) * 1000);

    const editing = await refusal(
      queryAs(db, author, "update public.comments set body = 'Sneaky edit' where id = $1", [
        earlier,
      ]),
    );
    expect(editing.message).toBe('suspended');

    const withdrawing = await queryAs(
      db,
      author,
      "update public.comments set status = 'deleted' where id = $1",
      [earlier],
    );
    expect(withdrawing.affectedRows).toBe(1);

    await queryAs(db, demoUsers.moderator.id, 'select public.suspend_commenting($1, null)', [
      author,
    ]);
    await expect(postComment(db, author, { body: 'I am back' })).resolves.toBeTypeOf('string');
  });
});
