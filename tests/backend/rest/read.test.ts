import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluck, startFixtureServer, type Client, type RestServer } from './server.ts';

describe('reading tables through supabase-js', () => {
  let server: RestServer;
  let sb: Client;

  beforeAll(async () => {
    server = await startFixtureServer();
    sb = server.anon();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('returns every column with * and the listed columns in order otherwise', async () => {
    const all = await sb.from('rest_authors').select('*').eq('id', 1);
    expect(all.error).toBeNull();
    expect(all.data).toEqual([
      {
        id: 1,
        name: 'Ann',
        email: 'ann@example.test',
        tags: ['poetry', 'essays'],
        rating: 4.5,
        created_at: '2026-01-01T00:00:00+00:00',
      },
    ]);
    const some = await sb.from('rest_authors').select('name, id').eq('id', 2);
    expect(some.data).toEqual([{ name: 'Bob', id: 2 }]);
    expect(Object.keys(some.data?.[0] ?? {})).toEqual(['name', 'id']);
  });

  it('renames with aliases, casts, and reads into JSON columns with -> and ->>', async () => {
    const { data, error } = await sb
      .from('rest_posts')
      .select('postId:id, title_length:id::text, lang:meta->>lang, views:meta->views')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ postId: 1, title_length: '1', lang: 'en', views: 10 }]);
  });

  it('embeds a to-one resource as an object, and null when the foreign key is null', async () => {
    const { data } = await sb
      .from('rest_posts')
      .select('id, author:rest_authors!author_id(name)')
      .in('id', [1, 5])
      .order('id');
    expect(data).toEqual([
      { id: 1, author: { name: 'Ann' } },
      { id: 5, author: null },
    ]);
  });

  it('embeds a to-many resource as an array, with its own filter, order and limit', async () => {
    const { data, error } = await sb
      .from('rest_posts')
      .select('title, rest_comments(body, score)')
      .eq('id', 1)
      .gte('rest_comments.score', 2)
      .order('score', { referencedTable: 'rest_comments', ascending: false })
      .limit(1, { referencedTable: 'rest_comments' });
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Hello world', rest_comments: [{ body: 'Nice', score: 5 }] }]);
  });

  it('counts a to-many resource with rel(count)', async () => {
    const { data } = await sb
      .from('rest_posts')
      .select('id, rest_comments(count)')
      .in('id', [1, 2, 3])
      .order('id');
    expect(data).toEqual([
      { id: 1, rest_comments: [{ count: 3 }] },
      { id: 2, rest_comments: [{ count: 0 }] },
      { id: 3, rest_comments: [{ count: 1 }] },
    ]);
  });

  it('embeds a one-to-one resource as an object and nests embeds', async () => {
    const { data } = await sb
      .from('rest_comments')
      .select(
        'body, post:rest_posts(title, author:rest_authors!author_id(name, bio:rest_bios(bio)))',
      )
      .eq('id', 4);
    expect(data).toEqual([
      { body: 'Merci', post: { title: 'Bonjour', author: { name: 'Bob', bio: null } } },
    ]);
    const ann = await sb.from('rest_authors').select('name, rest_bios(bio)').eq('id', 1).single();
    expect(ann.data).toEqual({ name: 'Ann', rest_bios: { bio: 'Poet and essayist' } });
  });

  it('embeds through a view over a referenced table', async () => {
    const { data, error } = await sb
      .from('rest_posts')
      .select('id, writer:rest_author_names!author_id(name)')
      .eq('id', 3);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 3, writer: { name: 'Bob' } }]);
  });

  it('asks for a hint when two foreign keys lead to the same table (PGRST201)', async () => {
    const { error, status } = await sb.from('rest_posts').select('id, rest_authors(name)');
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.hint).toContain("'rest_authors!rest_posts_editor_id_fkey'");
    expect(error?.details).toEqual([
      {
        cardinality: 'many-to-one',
        embedding: 'rest_posts with rest_authors',
        relationship: 'rest_posts_author_id_fkey using rest_posts(author_id) and rest_authors(id)',
      },
      {
        cardinality: 'many-to-one',
        embedding: 'rest_posts with rest_authors',
        relationship: 'rest_posts_editor_id_fkey using rest_posts(editor_id) and rest_authors(id)',
      },
    ]);
    const hinted = await sb
      .from('rest_posts')
      .select('id, editor:rest_authors!rest_posts_editor_id_fkey(name)')
      .eq('id', 2);
    expect(hinted.data).toEqual([{ id: 2, editor: { name: 'Bob' } }]);
  });

  it('keeps only parents whose embed matched with !inner, and filters on the embed being null', async () => {
    const inner = await sb
      .from('rest_authors')
      .select('name, rest_posts!author_id!inner(title)')
      .eq('rest_posts.title', 'Bonjour');
    expect(inner.data).toEqual([{ name: 'Bob', rest_posts: [{ title: 'Bonjour' }] }]);
    const withoutAuthor = await sb
      .from('rest_posts')
      .select('title, author:rest_authors!author_id(name)')
      .is('author', null);
    expect(withoutAuthor.data).toEqual([{ title: 'Orphan', author: null }]);
  });

  it('embeds a self-reference through computed relationships, and its children by column hint', async () => {
    const { data, error } = await sb
      .from('rest_staff')
      .select('name, boss:rest_boss(name), team:rest_team(name)')
      .eq('id', 2);
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Deputy', boss: { name: 'Chief' }, team: [{ name: 'Clerk' }, { name: 'Intern' }] },
    ]);
    // PostgREST's rule for a self-reference: `table!fk_column` is the one-to-many side.
    const hinted = await sb.from('rest_staff').select('name, rest_staff!boss_id(name)').eq('id', 2);
    expect(hinted.error).toBeNull();
    expect(hinted.data).toEqual([
      { name: 'Deputy', rest_staff: [{ name: 'Clerk' }, { name: 'Intern' }] },
    ]);
  });

  it('filters by an empty embed, also inside or', async () => {
    const commented = await sb
      .from('rest_posts')
      .select('id, rest_comments()')
      .not('rest_comments', 'is', null)
      .order('id');
    expect(commented.data).toEqual([{ id: 1 }, { id: 3 }]);
    const response = await fetch(
      `${server.rest}/rest_posts?select=id,rest_comments(),rest_bios:rest_authors!author_id()&or=(rest_comments.not.is.null,id.eq.5)&order=id`,
      { headers: { apikey: server.anonKey } },
    );
    expect(await response.json()).toEqual([{ id: 1 }, { id: 3 }, { id: 5 }]);
  });

  it('spreads a to-one resource into its parent with ...', async () => {
    const { data } = await sb
      .from('rest_posts')
      .select('title, ...rest_authors!author_id(author_name:name)')
      .eq('id', 3);
    expect(data).toEqual([{ title: 'Bonjour', author_name: 'Bob' }]);
  });

  it('applies comparison, pattern, list and null filters', async () => {
    const ids = async (query: PromiseLike<{ data: { id: number }[] | null }>) =>
      (await query).data?.map((row) => row.id);
    const posts = () => sb.from('rest_posts').select('id').order('id');
    expect(await ids(posts().eq('author_id', 1))).toEqual([1, 2]);
    expect(await ids(posts().neq('author_id', 1))).toEqual([3, 4]);
    expect(await ids(posts().gt('id', 3))).toEqual([4, 5]);
    expect(await ids(posts().gte('id', 3).lt('id', 5))).toEqual([3, 4]);
    expect(await ids(posts().lte('id', 1))).toEqual([1]);
    expect(await ids(posts().like('title', '%o%'))).toEqual([1, 2, 3]);
    expect(await ids(posts().like('title', '*ft'))).toEqual([4]);
    expect(await ids(posts().ilike('title', 'hello%'))).toEqual([1]);
    expect(await ids(posts().match({ author_id: 2, published: true }))).toEqual([3]);
    expect(await ids(posts().filter('title', 'match', '^[BD]'))).toEqual([3, 4]);
    expect(await ids(posts().filter('title', 'imatch', '^d'))).toEqual([4]);
    expect(await ids(posts().in('title', ['Draft', 'Orphan']))).toEqual([4, 5]);
    expect(await ids(posts().is('author_id', null))).toEqual([5]);
    expect(await ids(posts().not('author_id', 'is', null).is('published', false))).toEqual([4]);
    expect(await ids(posts().not('id', 'in', '(1,2,3)'))).toEqual([4, 5]);
    expect(await ids(posts().filter('editor_id', 'isdistinct', 1))).toEqual([1, 2, 4, 5]);
  });

  it('finds values with commas and quotes inside in() lists', async () => {
    const { data } = await sb.from('rest_authors').select('id').in('name', ["O'Neil, Jr.", 'Ann']);
    expect(pluck(data, 'id')?.sort()).toEqual([1, 4]);
  });

  it('filters arrays and JSON with contains, containedBy and overlaps', async () => {
    const names = async (query: PromiseLike<{ data: { name: string }[] | null }>) =>
      (await query).data?.map((row) => row.name).sort();
    const authors = () => sb.from('rest_authors').select('name');
    expect(await names(authors().contains('tags', ['essays']))).toEqual(['Ann', 'Bob']);
    expect(await names(authors().containedBy('tags', ['essays', 'drama']))).toEqual([
      'Bob',
      'Cyd',
      "O'Neil, Jr.",
    ]);
    expect(await names(authors().overlaps('tags', ['poetry', 'drama']))).toEqual([
      'Ann',
      "O'Neil, Jr.",
    ]);
    const french = await sb.from('rest_posts').select('id').contains('meta', { lang: 'fr' });
    expect(french.data).toEqual([{ id: 3 }]);
  });

  it('searches text with fts, plfts and websearch', async () => {
    const ids = async (query: PromiseLike<{ data: { id: number }[] | null }>) =>
      (await query).data?.map((row) => row.id);
    const posts = () => sb.from('rest_posts').select('id').order('id');
    expect(await ids(posts().textSearch('search', 'journey'))).toEqual([1]);
    expect(await ids(posts().textSearch('search', 'long journey', { type: 'plain' }))).toEqual([1]);
    expect(
      await ids(posts().textSearch('body', 'nobody', { type: 'websearch', config: 'english' })),
    ).toEqual([5]);
  });

  it('combines conditions with or, nested and, and not', async () => {
    const { data } = await sb
      .from('rest_posts')
      .select('id')
      .or('id.eq.5,and(author_id.eq.2,published.is.false),title.in.("Hello world","x,y")')
      .order('id');
    expect(pluck(data, 'id')).toEqual([1, 4, 5]);
    const negated = await fetch(
      `${server.rest}/rest_posts?select=id&not.or=(id.lt.3,id.gt.4)&order=id`,
      {
        headers: { apikey: server.anonKey },
      },
    );
    expect(await negated.json()).toEqual([{ id: 3 }, { id: 4 }]);
  });

  it('applies or filters to an embedded resource', async () => {
    const { data } = await sb
      .from('rest_posts')
      .select('id, rest_comments(id)')
      .eq('id', 1)
      .or('score.gte.5,body.eq.Meh', { referencedTable: 'rest_comments' })
      .order('id', { referencedTable: 'rest_comments' });
    expect(data).toEqual([{ id: 1, rest_comments: [{ id: 1 }, { id: 2 }] }]);
  });

  it('orders by several columns, with nulls first or last and by a to-one embed', async () => {
    const byRating = await sb
      .from('rest_authors')
      .select('name')
      .order('rating', { ascending: false, nullsFirst: true })
      .order('name');
    expect(pluck(byRating.data, 'name')).toEqual(['Cyd', "O'Neil, Jr.", 'Ann', 'Bob']);
    const nullsLast = await sb
      .from('rest_authors')
      .select('name')
      .order('email', { nullsFirst: false });
    expect(nullsLast.data?.at(-1)?.name).toBe('Cyd');
    const byAuthor = await sb
      .from('rest_posts')
      .select('id, author:rest_authors!author_id(name)')
      .not('author_id', 'is', null)
      .order('author(name)', { ascending: false })
      .order('id');
    expect(pluck(byAuthor.data, 'id')).toEqual([3, 4, 1, 2]);
  });

  it('pages with range and reports the total with count=exact', async () => {
    const page = await sb
      .from('rest_posts')
      .select('id', { count: 'exact' })
      .order('id')
      .range(1, 2);
    expect(page.data).toEqual([{ id: 2 }, { id: 3 }]);
    expect(page.count).toBe(5);
    expect(page.status).toBe(206);
    const whole = await sb.from('rest_posts').select('id', { count: 'exact' });
    expect(whole.status).toBe(200);
    expect(whole.count).toBe(5);
    const head = await sb
      .from('rest_posts')
      .select('*', { count: 'exact', head: true })
      .eq('published', true);
    expect(head.data).toBeNull();
    expect(head.count).toBe(4);
  });

  it('sends Content-Range as first-last/total, */0 for nothing, and 416 past the end', async () => {
    const get = (query: string, prefer = 'count=exact') =>
      fetch(`${server.rest}/rest_posts?${query}`, {
        headers: { apikey: server.anonKey, Prefer: prefer },
      });
    const page = await get('select=id&order=id&offset=1&limit=2');
    expect(page.headers.get('content-range')).toBe('1-2/5');
    const none = await get('select=id&id=gt.100');
    expect(none.headers.get('content-range')).toBe('*/0');
    expect(await none.json()).toEqual([]);
    const uncounted = await get('select=id&limit=2', '');
    expect(uncounted.headers.get('content-range')).toBe('0-1/*');
    const beyond = await get('select=id&offset=10');
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toMatchObject({
      code: 'PGRST103',
      details: 'An offset of 10 was requested, but there are only 5 rows.',
    });
  });

  it('returns one object for single(), and PGRST116 when there is not exactly one row', async () => {
    const one = await sb.from('rest_posts').select('title').eq('id', 3).single();
    expect(one.data).toEqual({ title: 'Bonjour' });
    const none = await sb.from('rest_posts').select('title').eq('id', 99).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const many = await sb.from('rest_posts').select('title').single();
    expect(many.error?.details).toBe('The result contains 5 rows');
    const maybe = await sb.from('rest_posts').select('title').eq('id', 99).maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
  });

  it('names the unknown table, column, relationship or embed in its error', async () => {
    const table = await sb.from('rest_post').select();
    expect(table.status).toBe(404);
    expect(table.error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.rest_post' in the schema cache",
      hint: "Perhaps you meant the table 'public.rest_posts'",
    });
    const column = await sb.from('rest_posts').select('id, nope');
    expect(column.status).toBe(400);
    expect(column.error).toMatchObject({
      code: '42703',
      message: 'column rest_posts.nope does not exist',
    });
    const filter = await sb.from('rest_posts').select('id').eq('nope', 1);
    expect(filter.error?.code).toBe('42703');
    const relation = await sb.from('rest_comments').select('id, rest_bios(bio)');
    expect(relation.status).toBe(400);
    expect(relation.error?.code).toBe('PGRST200');
    const embed = await sb.from('rest_posts').select('id').eq('rest_comments.score', 1);
    expect(embed.error).toMatchObject({
      code: 'PGRST108',
      message: "'rest_comments' is not an embedded resource in this request",
    });
  });

  it('refuses schemas that [api] schemas does not list with PGRST106', async () => {
    const { error, status } = await sb.schema('storage').from('objects').select();
    expect(status).toBe(406);
    expect(error).toMatchObject({
      code: 'PGRST106',
      message: 'Invalid schema: storage',
      // config.toml's (and the Supabase CLI's) default list.
      hint: 'Only the following schemas are exposed: public, graphql_public',
    });
  });

  it('sees tables, columns and functions created after it started', async () => {
    await sb.from('rest_posts').select('id').limit(1);
    await server.db.exec(`
      create table public.rest_late (id int primary key, label text);
      grant select on public.rest_late to anon;
      insert into public.rest_late values (1, 'late');
      alter table public.rest_authors add column nickname text default 'nick';`);
    const late = await sb.from('rest_late').select('label');
    expect(late.data).toEqual([{ label: 'late' }]);
    const column = await sb.from('rest_authors').select('nickname').eq('id', 1);
    expect(column.data).toEqual([{ nickname: 'nick' }]);
  });

  it('strips null fields when asked with nulls=stripped', async () => {
    const response = await fetch(`${server.rest}/rest_authors?select=id,email&id=eq.3`, {
      headers: {
        apikey: server.anonKey,
        Accept: 'application/vnd.pgrst.array+json;nulls=stripped',
      },
    });
    expect(await response.json()).toEqual([{ id: 3 }]);
  });
});
