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
create function public.rest_shout(text) returns text language sql immutable as $$ select upper($1) $$;
create function public.rest_xml_title(xml) returns text language sql immutable as $$
  select (xpath('/book/title/text()', $1))[1]::text $$;
create function public.rest_hex(bytea) returns text language sql immutable as $$
  select encode($1, 'hex') $$;
create function public.rest_pick(json) returns text language sql immutable as $$ select 'json' $$;
create function public.rest_pick(a int) returns text language sql immutable as $$ select 'named a' $$;
create function public.rest_pick(a int, b int default 1) returns text
  language sql immutable as $$ select 'named a, b' $$;
create function public.rest_pick(b text) returns text language sql immutable as $$ select 'named b' $$;
`;

/** A POST to /rpc/<name> with a raw body, as PostgREST takes it (supabase-js only sends JSON). */
async function postRaw(server: RestServer, name: string, type: string, body: BodyInit) {
  const response = await fetch(`${server.rest}/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'Content-Type': type },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

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

  it("answers 404 PGRST202 in PostgREST's words, hinting at a close function name", async () => {
    const unknown = await sb.rpc('rest_ad', { b: 2, a: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_ad(a, b) in the schema cache',
      details:
        'Searched for the function public.rest_ad with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.rest_add',
    });
    const nothingClose = await sb.rpc('rest_zzzzzz');
    expect(nothingClose.error).toEqual({
      code: 'PGRST202',
      message:
        'Could not find the function public.rest_zzzzzz without parameters in the schema cache',
      details:
        'Searched for the function public.rest_zzzzzz without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });

  it('hints at the parameters of an existing function when the arguments do not fit', async () => {
    const typo = await sb.rpc('rest_add', { a: 1, bb: 2 });
    expect(typo.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_add(a, bb) in the schema cache',
      hint: 'Perhaps you meant to call the function public.rest_add(a, b)',
    });
    // GET calls are searched without the json/jsonb fallback, and nothing alike gets no hint.
    const get = await sb.rpc('rest_add', { x: 1 }, { get: true });
    expect(get.status).toBe(404);
    expect(get.error).toMatchObject({
      details:
        'Searched for the function public.rest_add with parameter x, but no matches were found in the schema cache.',
      hint: null,
    });
  });

  it('passes a text/plain, text/xml or octet-stream body whole to a one-parameter function', async () => {
    expect(await postRaw(server, 'rest_shout', 'text/plain', 'héllo wörld')).toEqual({
      status: 200,
      body: 'HÉLLO WÖRLD',
    });
    const xml = '<book><title>Polyglot</title></book>';
    expect(await postRaw(server, 'rest_xml_title', 'text/xml', xml)).toEqual({
      status: 200,
      body: 'Polyglot',
    });
    const bytes = new Uint8Array([0, 1, 127, 128, 255]);
    expect(await postRaw(server, 'rest_hex', 'application/octet-stream', bytes)).toEqual({
      status: 200,
      body: '00017f80ff',
    });
  });

  it("refuses a raw body whose type no one-parameter function takes, in PostgREST's words", async () => {
    // rest_shout takes text, not bytea; raw bodies get neither a parameter list nor a hint.
    expect(await postRaw(server, 'rest_shout', 'application/octet-stream', 'x')).toEqual({
      status: 404,
      body: {
        code: 'PGRST202',
        message: 'Could not find the function public.rest_shout in the schema cache',
        details:
          'Searched for the function public.rest_shout with a single unnamed bytea parameter, but no matches were found in the schema cache.',
        hint: null,
      },
    });
    // A JSON body does not fill a text parameter.
    const json = await sb.rpc('rest_shout', { value: 'x' });
    expect(json.error?.code).toBe('PGRST202');
  });

  it('chooses among overloads by argument names, falling back to the unnamed json one', async () => {
    expect((await sb.rpc('rest_pick', { b: 'x' })).data).toBe('named b');
    expect((await sb.rpc('rest_pick', { a: 1, b: 2 })).data).toBe('named a, b');
    expect((await sb.rpc('rest_pick', { c: 1 })).data).toBe('json');
  });

  it('answers 300 PGRST203 when more than one overload fits, as PostgREST does', async () => {
    // rest_pick(a) and rest_pick(a, b default 1) both take {a}.
    const ambiguous = await sb.rpc('rest_pick', { a: 1 });
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.data).toBeNull();
    expect(ambiguous.error).toEqual({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.rest_pick(a => integer), public.rest_pick(a => integer, b => integer)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
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
    const moderatorId = '5eed0000-0000-4000-8000-000000000003';
    const moderator = server.withToken(await server.tokenFor(moderatorId, { secondFactor: true }));
    expect((await moderator.rpc('is_moderator')).data).toBe(true);
    // The same moderator signed in with a password alone (aal1) does not count as one.
    const passwordOnly = server.withToken(await server.tokenFor(moderatorId));
    expect((await passwordOnly.rpc('is_moderator')).data).toBe(false);
    expect((await sb.rpc('is_moderator')).data).toBe(false);
    const counts = await sb.from('public_profiles').select('display_name').limit(2);
    expect(pluck(counts.data, 'display_name')).toHaveLength(2);
  });
});
