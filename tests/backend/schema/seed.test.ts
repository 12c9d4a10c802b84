import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import { freshDatabase } from '../helpers/database.ts';
import { articles, demoPassword, demoUsers } from '../rls/demo.ts';

describe('the demo seed', () => {
  let db: Database;

  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('has four confirmed e-mail accounts with the documented password and their roles', async () => {
    const { rows } = await db.query<{
      email: string;
      password_ok: boolean;
      confirmed: boolean;
      identities: number;
      role: string;
    }>(
      `select u.email,
              u.encrypted_password = extensions.crypt($1, u.encrypted_password) as password_ok,
              u.email_confirmed_at is not null as confirmed,
              (select count(*)::int from auth.identities i where i.user_id = u.id and i.provider = 'email') as identities,
              p.role
       from auth.users u join public.profiles p on p.id = u.id
       where u.id = any($2) order by u.email`,
      [demoPassword, Object.values(demoUsers).map((user) => user.id)],
    );
    expect(rows).toEqual([
      {
        email: 'admin@example.com',
        password_ok: true,
        confirmed: true,
        identities: 1,
        role: 'admin',
      },
      {
        email: 'member@example.com',
        password_ok: true,
        confirmed: true,
        identities: 1,
        role: 'member',
      },
      {
        email: 'moderator@example.com',
        password_ok: true,
        confirmed: true,
        identities: 1,
        role: 'moderator',
      },
      {
        email: 'second@example.com',
        password_ok: true,
        confirmed: true,
        identities: 1,
        role: 'member',
      },
    ]);
  });

  it('has a thread with a reply, a hidden comment, an open report and reactions on every demo article', async () => {
    const { rows } = await db.query<{
      replies: number;
      hidden: number;
      open_reports: number;
      articles_with_reactions: string[];
    }>(
      `select (select count(*)::int from public.comments where parent_id is not null) as replies,
              (select count(*)::int from public.comments where status = 'hidden') as hidden,
              (select count(*)::int from public.comment_reports where status = 'open') as open_reports,
              (select array_agg(distinct article_key order by article_key) from public.reactions)
                as articles_with_reactions`,
    );
    expect(rows[0]).toEqual({
      replies: 1,
      hidden: 1,
      open_reports: 1,
      articles_with_reactions: [articles.nightTrains, articles.unicode, articles.borrowedWords],
    });
  });
});
