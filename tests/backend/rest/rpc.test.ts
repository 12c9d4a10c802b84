import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pluck,
  startFixtureServer,
  withMaxAffected,
  type Client,
  type RestServer,
} from './server.ts';

const FUNCTIONS_SQL = `
create function public.rest_add(a int, b int default 10) returns int
  language sql immutable as $$ select a + b $$;
create function public.rest_hello(name text) returns text
  language sql stable as $$ select 'Hello, ' || name $$;
create function public.rest_posts_by(author int) returns setof public.rest_posts
  language sql stable as $$ select * from public.rest_posts where author_id = author $$;
create function public.rest_first_post() returns public.rest_posts
  language sql stable as $$ select * from public.rest_posts order by id limit 1 $$;
create function public.rest_stats() returns table (author text, posts bigint)
  language sql stable as $$
    select a.name, count(p.id) from public.rest_authors a
    left join public.rest_posts p on p.author_id = a.id group by a.name order by a.name $$;
create function public.rest_numbers(n int) returns setof int
  language sql immutable as $$ select generate_series(1, n) $$;
create function public.rest_touch(post int) returns void
  language sql as $$ update public.rest_posts set body = 'touched' where id = post $$;
create function public.rest_fail(reason text) returns void language plpgsql as $$
  begin
    raise exception using errcode = 'P0001', message = reason, detail = 'some detail', hint = 'try again';
  end $$;
create function public.rest_echo(json) returns json language sql immutable as $$ select $1 $$;
create function public.rest_count_tags(tags text[]) returns int
  language sql immutable as $$ select cardinality(tags) $$;
create function public.rest_big() returns bigint language sql immutable as $$ select 9007199254740993 $$;
create function public.rest_unpublish(author int) returns setof public.rest_posts
  language sql as $$ update public.rest_posts set published = false where author_id = author returning * $$;
create function public.rest_secret() returns text language sql as $$ select 'secret' $$;
revoke execute on function public.rest_secret() from public, anon;
grant execute on function public.rest_secret() to authenticated;
`;

describe('calling functions through supabase-js rpc()', () => {
  let server: RestServer;
  let sb: Client;

  beforeAll(async () => {
    server = await startFixtureServer();
    await server.db.exec(FUNCTIONS_SQL);
    sb = server.anon();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('returns a scalar, with defaults for arguments left out', async () => {
    expect(await sb.rpc('rest_add', { a: 1, b: 2 })).toMatchObject({ data: 3, status: 200 });
    expect((await sb.rpc('rest_add', { a: 1 })).data).toBe(11);
  });

  it('takes the arguments from the query string with get: true', async () => {
    const hello = await sb.rpc('rest_hello', { name: 'Ann' }, { get: true });
    expect(hello.data).toBe('Hello, Ann');
    const tags = await sb.rpc('rest_count_tags', { tags: ['a', 'b', 'c'] }, { get: true });
    expect(tags.data).toBe(3);
  });

  it('filters, orders, embeds and counts the rows of a set-returning function', async () => {
    const { data, count, error } = await sb
      .rpc('rest_posts_by', { author: 1 }, { count: 'exact' })
      .select('id, title, author:rest_authors!author_id(name)')
      .order('id', { ascending: false });
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data).toEqual([
      { id: 2, title: 'Second thoughts', author: { name: 'Ann' } },
      { id: 1, title: 'Hello world', author: { name: 'Ann' } },
    ]);
    const filtered = await sb
      .rpc('rest_posts_by', { author: 2 })
      .select('title')
      .eq('published', false);
    expect(filtered.data).toEqual([{ title: 'Draft' }]);
  });

  it('returns one object for a function returning one row, and rows for RETURNS TABLE', async () => {
    const first = await sb.rpc('rest_first_post').select('id, title');
    expect(first.data).toEqual({ id: 1, title: 'Hello world' });
    const stats = await sb.rpc('rest_stats');
    expect(stats.data).toEqual([
      { author: 'Ann', posts: 2 },
      { author: 'Bob', posts: 2 },
      { author: 'Cyd', posts: 0 },
      { author: "O'Neil, Jr.", posts: 0 },
    ]);
  });

  it('answers null, not an empty array, when a one-row function is filtered to nothing', async () => {
    const { data, error, status } = await sb.rpc('rest_first_post').select('id').eq('id', 999);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
  });

  it('refuses with PGRST124 and rolls back a call that changes more rows than max-affected', async () => {
    const call = sb.rpc('rest_unpublish', { author: 1 });
    const { error, status } = await withMaxAffected(call, 1);
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 2 rows',
    });
    const { rows } = await server.db.query(
      'select count(*)::int as n from rest_posts where author_id = 1 and published',
    );
    expect(rows[0]).toEqual({ n: 2 });
    const allowed = await withMaxAffected(sb.rpc('rest_unpublish', { author: 2 }).select('id'), 2);
    expect(allowed.error).toBeNull();
    expect(pluck(allowed.data, 'id')).toEqual([3, 4]);
  });

  it('returns a set of scalars as an array, paged with range and counted with HEAD', async () => {
    expect((await sb.rpc('rest_numbers', { n: 5 }).range(1, 2)).data).toEqual([2, 3]);
    const head = await sb.rpc('rest_numbers', { n: 5 }, { head: true, count: 'exact' });
    expect(head).toMatchObject({ data: null, count: 5, error: null });
  });

  it('answers 204 for a void function and keeps what it changed', async () => {
    const result = await sb.rpc('rest_touch', { post: 3 });
    expect(result).toMatchObject({ status: 204, data: null, error: null });
    const { rows } = await server.db.query('select body from rest_posts where id = 3');
    expect(rows).toEqual([{ body: 'touched' }]);
  });

  it('passes the whole body to a function with one unnamed json parameter', async () => {
    const echo = await sb.rpc('rest_echo', { nested: { list: [1, 2] }, ok: true });
    expect(echo.data).toEqual({ nested: { list: [1, 2] }, ok: true });
  });

  it('keeps int8 exact by building the JSON in SQL', async () => {
    const response = await fetch(`${server.rest}/rpc/rest_big`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(await response.text()).toBe('9007199254740993');
  });

  it("reports a RAISE as 400 with the exception's message, detail and hint", async () => {
    const { error, status } = await sb.rpc('rest_fail', { reason: 'no_luck' });
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'no_luck',
      details: 'some detail',
      hint: 'try again',
    });
  });

  it('answers 404 PGRST202 for an unknown function or unknown arguments', async () => {
    const unknown = await sb.rpc('rest_ad', { a: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_ad(a) in the schema cache',
    });
    const wrongArgs = await sb.rpc('rest_add', { x: 1 });
    expect(wrongArgs.error?.code).toBe('PGRST202');
    expect(wrongArgs.error?.hint).toBe(
      'Perhaps you meant to call the function public.rest_add(a, b)',
    );
  });

  it('runs GET calls read-only, so a writing function answers 405', async () => {
    const { error, status } = await sb.rpc('rest_touch', { post: 4 }, { get: true });
    expect(status).toBe(405);
    expect(error?.code).toBe('25006');
  });

  it('lets Postgres privileges decide who may call a function', async () => {
    const anon = await sb.rpc('rest_secret');
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    const member = server.withToken(await server.tokenFor('5eed0000-0000-4000-8000-000000000001'));
    expect((await member.rpc('rest_secret')).data).toBe('secret');
  });

  it('calls the product functions as the caller', async () => {
    const moderator = server.withToken(
      await server.tokenFor('5eed0000-0000-4000-8000-000000000003'),
    );
    expect((await moderator.rpc('is_moderator')).data).toBe(true);
    expect((await sb.rpc('is_moderator')).data).toBe(false);
    const counts = await sb.from('public_profiles').select('display_name').limit(2);
    expect(pluck(counts.data, 'display_name')).toHaveLength(2);
  });
});
