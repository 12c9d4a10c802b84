// An answer's object never has the same key twice: a JSON parser keeps one and the other value is
// lost without a word. Two embeds PostgREST would name alike are refused as PostgREST refuses them
// (42712, its own alias `<table>_<embed>_<depth>` in the message, as postgrest-js's suite expects);
// other repeated keys (a column and an embed, a spread's column and the parent's) are refused too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestServer, type Client, type RestServer } from './server.ts';

const SQL = `
create table public.pair_users (id int primary key, name text not null);
create table public.pair_friends (
  id int primary key,
  first_user int not null references public.pair_users (id),
  second_user int not null references public.pair_users (id)
);
grant select on public.pair_users, public.pair_friends to anon;
insert into public.pair_users values (1, 'Ann'), (2, 'Bob');
insert into public.pair_friends values (1, 1, 2);
`;

describe('objects with one key each', () => {
  let server: RestServer;
  let sb: Client;

  beforeAll(async () => {
    server = await startRestServer();
    await server.db.exec(SQL);
    sb = server.anon();
  });
  afterAll(async () => {
    await server.stop();
  });

  /** The raw text too: supabase-js's parser would hide a repeated key by keeping the last. */
  async function raw(select: string) {
    const response = await fetch(
      `${server.rest}/pair_friends?select=${encodeURIComponent(select)}`,
      { headers: { apikey: server.anonKey } },
    );
    return { status: response.status, text: await response.text() };
  }

  it('refuses two embeds of one table without aliases, with PostgREST 42712', async () => {
    const { data, error, status } = await sb
      .from('pair_friends')
      .select('pair_users!first_user(*), pair_users!second_user(*)')
      .limit(1)
      .single();
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: '42712',
      message: 'table name "pair_friends_pair_users_1" specified more than once',
      details: null,
      hint: null,
    });
    const answer = await raw('pair_users!first_user(name), pair_users!second_user(name)');
    expect(answer.status).toBe(400);
    expect(answer.text).not.toContain('Ann');
  });

  it('refuses two embeds given the same alias, and any deeper pair alike', async () => {
    const sameAlias = await raw(
      'who:pair_users!first_user(name), who:pair_users!second_user(name)',
    );
    expect(sameAlias.status).toBe(400);
    expect(JSON.parse(sameAlias.text)).toMatchObject({
      code: '42712',
      message: 'table name "pair_friends_who_1" specified more than once',
    });
    const nested = await sb
      .from('pair_users')
      .select(
        'id, pair_friends!first_user(pair_users!first_user(name), pair_users!second_user(name))',
      );
    expect(nested.status).toBe(400);
    expect(nested.error).toMatchObject({
      code: '42712',
      message: 'table name "pair_friends_pair_users_2" specified more than once',
    });
  });

  it('refuses a column and an embed or spread answering under one key', async () => {
    for (const select of [
      'pair_users:first_user, pair_users!second_user(name)',
      'id, name:id, ...pair_users!first_user(name)',
      'id, ...pair_users!first_user(id)',
      'id, id',
      '*, first_user',
      // Inside an embed too.
      'id, pair_users!first_user(name, name:id)',
    ]) {
      const answer = await raw(select);
      expect({ select, status: answer.status }).toEqual({ select, status: 400 });
      expect(JSON.parse(answer.text)).toMatchObject({ code: '42701' });
    }
    const named = await raw('id, ...pair_users!first_user(id)');
    expect(JSON.parse(named.text)).toMatchObject({
      message: 'column "id" specified more than once',
      hint: 'Give one of them an alias in the select parameter',
    });
  });

  it('answers the same embeds when each has its own alias', async () => {
    const { data, error } = await sb
      .from('pair_friends')
      .select('id, first:pair_users!first_user(name), second:pair_users!second_user(name)');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, first: { name: 'Ann' }, second: { name: 'Bob' } }]);
    const spread = await sb
      .from('pair_friends')
      .select('id, ...pair_users!first_user(first:name), second:pair_users!second_user(name)');
    expect(spread.error).toBeNull();
    expect(spread.data).toEqual([{ id: 1, first: 'Ann', second: { name: 'Bob' } }]);
  });

  it('refuses two spreads of one table as PostgREST does (a spread takes no alias)', async () => {
    const spreads = await raw(
      'id, ...pair_users!first_user(first:name), ...pair_users!second_user(second:name)',
    );
    expect(spreads.status).toBe(400);
    expect(JSON.parse(spreads.text)).toMatchObject({
      code: '42712',
      message: 'table name "pair_friends_pair_users_1" specified more than once',
    });
  });
});
