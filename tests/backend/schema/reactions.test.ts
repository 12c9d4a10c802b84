import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import { freshDatabase } from '../helpers/database.ts';
import { articles } from '../rls/demo.ts';
import { createMember, queryAs, refusal } from './support.ts';

describe('reactions and bookmarks', () => {
  let db: Database;

  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const react = (userId: string, kind: string, articleKey: string = articles.unicode) =>
    queryAs(db, userId, 'insert into public.reactions (article_key, kind) values ($1, $2)', [
      articleKey,
      kind,
    ]);
  const takeBack = (userId: string, kind: string, articleKey: string = articles.unicode) =>
    queryAs(db, userId, 'delete from public.reactions where article_key = $1 and kind = $2', [
      articleKey,
      kind,
    ]);
  const countsSeenByAnon = async (articleKey: string) =>
    Object.fromEntries(
      (
        await queryAs<{ kind: string; count: number }>(
          db,
          null,
          'select kind, count from public.reaction_counts where article_key = $1',
          [articleKey],
        )
      ).rows.map((row) => [row.kind, row.count]),
    );

  it('are counted for every reader, and the counts follow reactions', async () => {
    const before = await countsSeenByAnon(articles.unicode);
    expect(before).toEqual({ like: 2, insightful: 2 });
    const reader = await createMember(db);
    await react(reader, 'funny');
    await react(reader, 'like');
    expect(await countsSeenByAnon(articles.unicode)).toEqual({ like: 3, insightful: 2, funny: 1 });
    await takeBack(reader, 'like');
    expect(await countsSeenByAnon(articles.unicode)).toEqual({ like: 2, insightful: 2, funny: 1 });
  });

  it('count once per member and kind, and only the three kinds', async () => {
    const reader = await createMember(db);
    await react(reader, 'like', articles.borrowedWords);
    const twice = await refusal(react(reader, 'like', articles.borrowedWords));
    expect(twice.code).toBe('23505');
    const unknown = await refusal(react(reader, 'love', articles.borrowedWords));
    expect(unknown.code).toBe('23514');
  });

  it('are limited to 60 changes a minute: the 61st is refused with rate_limited', async () => {
    const reader = await createMember(db);
    for (let i = 0; i < 30; i += 1) {
      await react(reader, 'like', articles.nightTrains);
      await takeBack(reader, 'like', articles.nightTrains);
    }
    const error = await refusal(react(reader, 'like', articles.nightTrains));
    expect({ code: error.code, message: error.message, hint: error.hint }).toEqual({
      code: 'P0001',
      message: 'rate_limited',
      hint: 'per_minute',
    });
  });

  it('bookmarks are kept once per article and seen only by their owner', async () => {
    const reader = await createMember(db);
    const bookmark = () =>
      queryAs(db, reader, 'insert into public.bookmarks (article_key) values ($1)', [
        articles.nightTrains,
      ]);
    await bookmark();
    expect((await refusal(bookmark())).code).toBe('23505');

    const mine = await queryAs(db, reader, 'select article_key from public.bookmarks');
    expect(mine.rows).toEqual([{ article_key: articles.nightTrains }]);
    const someoneElse = await createMember(db);
    const theirs = await queryAs(db, someoneElse, 'select article_key from public.bookmarks');
    expect(theirs.rows).toEqual([]);
  });
});
