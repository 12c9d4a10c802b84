import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluck, startFixtureServer, type Client, type RestServer } from './server.ts';

describe('writing tables through supabase-js', () => {
  let server: RestServer;
  let sb: Client;

  async function authorRow(id: number): Promise<Record<string, unknown> | undefined> {
    const { rows } = await server.db.query(
      'select id, name, email, tags from rest_authors where id = $1',
      [id],
    );
    return rows[0];
  }

  beforeAll(async () => {
    server = await startFixtureServer();
    sb = server.anon();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('inserts one row with 201 and no body when nothing is selected', async () => {
    const result = await sb.from('rest_authors').insert({ id: 10, name: 'Dee' });
    expect(result).toMatchObject({ status: 201, data: null, error: null });
    expect(await authorRow(10)).toEqual({ id: 10, name: 'Dee', email: null, tags: [] });
  });

  it('returns inserted rows through the select projection, embeds included', async () => {
    const { data, status } = await sb
      .from('rest_posts')
      .insert({ author_id: 2, title: 'Fresh' })
      .select('id, title, published, author:rest_authors!author_id(name)')
      .single();
    expect(status).toBe(201);
    expect(data).toEqual({ id: 101, title: 'Fresh', published: false, author: { name: 'Bob' } });
  });

  it('inserts an array; a missing key is NULL unless defaultToNull is false', async () => {
    const nulls = await sb.from('rest_authors').insert([
      { id: 20, name: 'Eve', tags: ['x'] },
      { id: 21, name: 'Fay' },
    ]);
    expect(nulls.status).toBe(400);
    expect(nulls.error?.code).toBe('23502');
    expect(await authorRow(20)).toBeUndefined();
    const defaults = await sb
      .from('rest_authors')
      .insert(
        [
          { id: 20, name: 'Eve', tags: ['x'] },
          { id: 21, name: 'Fay' },
        ],
        { defaultToNull: false },
      )
      .select('id, tags');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual(
      expect.arrayContaining([
        { id: 20, tags: ['x'] },
        { id: 21, tags: [] },
      ]),
    );
  });

  it('upserts by primary key, merging or ignoring duplicates', async () => {
    const merged = await sb
      .from('rest_authors')
      .upsert([
        { id: 2, name: 'Bobby' },
        { id: 30, name: 'Gus' },
      ])
      .select('id, name');
    expect(merged.status).toBe(201);
    expect(merged.data).toEqual([
      { id: 2, name: 'Bobby' },
      { id: 30, name: 'Gus' },
    ]);
    const ignored = await sb
      .from('rest_authors')
      .upsert({ id: 2, name: 'Robert' }, { ignoreDuplicates: true })
      .select('id, name');
    expect(ignored.data).toEqual([]);
    expect((await authorRow(2))?.name).toBe('Bobby');
  });

  it('upserts on another unique column with onConflict', async () => {
    const { data, error } = await sb
      .from('rest_authors')
      .upsert({ id: 1, email: 'ann@example.test', name: 'Ann Again' }, { onConflict: 'email' })
      .select('id, name');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, name: 'Ann Again' }]);
  });

  it('updates the filtered rows and counts them', async () => {
    const { data, count, status } = await sb
      .from('rest_posts')
      .update({ published: false }, { count: 'exact' })
      .eq('author_id', 1)
      .select('id, published');
    expect(status).toBe(200);
    expect(count).toBe(2);
    expect(data).toEqual(
      expect.arrayContaining([
        { id: 1, published: false },
        { id: 2, published: false },
      ]),
    );
    const quiet = await sb.from('rest_posts').update({ published: true }).eq('author_id', 1);
    expect(quiet).toMatchObject({ status: 204, data: null, error: null });
  });

  it('deletes the filtered rows and returns them when selected', async () => {
    await sb.from('rest_comments').insert({ id: 50, post_id: 3, body: 'Temporary' });
    const { data, status } = await sb.from('rest_comments').delete().eq('id', 50).select('body');
    expect(status).toBe(200);
    expect(data).toEqual([{ body: 'Temporary' }]);
    const again = await sb.from('rest_comments').delete({ count: 'exact' }).eq('id', 50);
    expect(again).toMatchObject({ status: 204, count: 0, error: null });
  });

  it('refuses an update or delete without any filter, as Supabase does', async () => {
    const update = await sb.from('rest_posts').update({ published: true }).neq('id', 0).limit(0);
    expect(update.error).toBeNull();
    const unfiltered = await sb.from('rest_posts').update({ published: true });
    expect(unfiltered.status).toBe(400);
    expect(unfiltered.error).toMatchObject({
      code: '21000',
      message: 'UPDATE requires a WHERE clause',
    });
    const remove = await sb.from('rest_comments').delete();
    expect(remove.error).toMatchObject({
      code: '21000',
      message: 'DELETE requires a WHERE clause',
    });
    const { rows } = await server.db.query<{ n: number }>(
      'select count(*)::int as n from rest_comments',
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it("answers constraint violations with Postgres's code and PostgREST's status", async () => {
    const duplicate = await sb.from('rest_authors').insert({ id: 1, name: 'Twin' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({
      code: '23505',
      details: 'Key (id)=(1) already exists.',
    });
    const orphan = await sb.from('rest_comments').insert({ id: 60, post_id: 999, body: 'x' });
    expect(orphan.status).toBe(409);
    expect(orphan.error?.code).toBe('23503');
    const tooLong = await sb.from('rest_posts').insert({ title: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.code).toBe('23514');
    const notANumber = await sb
      .from('rest_comments')
      .insert({ id: 'seven', post_id: 1, body: 'x' });
    expect(notANumber.status).toBe(400);
    expect(notANumber.error?.code).toBe('22P02');
    const generated = await sb.from('rest_posts').insert({ title: 'x', search: 'a' });
    expect(generated.status).toBe(400);
    expect(generated.error?.code).toBe('428C9');
  });

  it('names a payload key the table does not have (PGRST204)', async () => {
    const { error, status } = await sb
      .from('rest_authors')
      .insert({ id: 70, name: 'Hal', colour: 'red' });
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'colour' column of 'rest_authors' in the schema cache",
    });
    const update = await sb.from('rest_authors').update({ shoe: 1 }).eq('id', 1);
    expect(update.error?.code).toBe('PGRST204');
  });

  it('rolls a write back when single() does not get exactly one row', async () => {
    const { error, status } = await sb
      .from('rest_authors')
      .insert([
        { id: 80, name: 'Ida' },
        { id: 81, name: 'Jo' },
      ])
      .select()
      .single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    expect(await authorRow(80)).toBeUndefined();
  });

  it('rolls back on Prefer: tx=rollback but still answers with the rows', async () => {
    const { data } = await sb
      .from('rest_authors')
      .insert({ id: 90, name: 'Kim' })
      .select('name')
      .rollback();
    expect(data).toEqual([{ name: 'Kim' }]);
    expect(await authorRow(90)).toBeUndefined();
  });

  it('refuses to change more rows than max-affected allows', async () => {
    // supabase-js types maxAffected() for PostgREST 13 only; send what it sends.
    const response = await fetch(`${server.rest}/rest_posts?id=in.(3,4)`, {
      method: 'PATCH',
      headers: {
        apikey: server.anonKey,
        'Content-Type': 'application/json',
        Prefer: 'handling=strict, max-affected=1',
      },
      body: JSON.stringify({ body: 'mass edit' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'PGRST124',
      details: 'The query affects 2 rows',
    });
    const { rows } = await server.db.query(
      "select count(*)::int as n from rest_posts where body = 'mass edit'",
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('inserts, updates and deletes through the product tables as a signed-in member', async () => {
    const memberId = '5eed0000-0000-4000-8000-000000000001';
    const member = server.withToken(await server.tokenFor(memberId));
    const created = await member
      .from('comments')
      .insert({ article_key: 'rest-suite', body: '  Hello from REST  ', language: 'en' })
      .select('id, body, author_id, status')
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({
      body: 'Hello from REST',
      author_id: memberId,
      status: 'visible',
    });
    const id = (created.data as { id: string }).id;
    const edited = await member
      .from('comments')
      .update({ body: 'Edited' })
      .eq('id', id)
      .select('body, edited_at');
    expect(pluck(edited.data, 'body')).toEqual(['Edited']);
    expect(pluck(edited.data, 'edited_at')?.[0]).toEqual(expect.any(String));
    const removed = await member.from('comments').delete().eq('id', id);
    expect(removed.status).toBe(403);
    expect(removed.error?.code).toBe('42501');
  });
});
