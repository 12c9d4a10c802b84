// Spreads with embeds inside (PostgREST 12+): `...rel(col, other(*))` adds `other` to the parent's
// object (to-one), or an array of them (to-many, PostgREST 13), and spreads nest. Aggregates inside a
// to-one spread are hoisted into the parent's grouping, as PostgREST does; inside a to-many spread
// they are PGRST127, as PostgREST 13 refuses them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type Client, type RestServer } from './server.ts';

describe('embeds inside spreads', () => {
  let server: RestServer;
  let sb: Client;

  beforeAll(async () => {
    server = await startFixtureServer();
    sb = server.anon();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('adds an embed inside a to-one spread to the parent object', async () => {
    const { data, error } = await sb
      .from('rest_posts')
      .select('id, ...rest_authors!author_id(author:name, rest_bios(bio))')
      .in('id', [1, 3, 5])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, author: 'Ann', rest_bios: { bio: 'Poet and essayist' } },
      { id: 3, author: 'Bob', rest_bios: null },
      { id: 5, author: null, rest_bios: null },
    ]);
  });

  it('gives an embed inside a to-many spread as an array, one per related row', async () => {
    const { data, error } = await sb
      .from('rest_authors')
      .select('name, ...rest_posts!author_id(title, rest_comments(body))')
      .eq('id', 1)
      .order('id', { referencedTable: 'rest_posts' })
      .order('id', { referencedTable: 'rest_posts.rest_comments' });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'Ann',
        title: ['Hello world', 'Second thoughts'],
        rest_comments: [[{ body: 'Nice' }, { body: 'Meh' }, { body: 'Great start' }], []],
      },
    ]);
  });

  it('nests spreads, and refuses aggregates inside a to-many spread as PostgREST 13 does', async () => {
    const { data, error } = await sb
      .from('rest_comments')
      .select('id, ...rest_posts(title, ...rest_authors!author_id(name))')
      .in('id', [1, 4])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, title: 'Hello world', name: 'Ann' },
      { id: 4, title: 'Bonjour', name: 'Bob' },
    ]);
    await server.db.exec(`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`);
    await server.db.exec(`notify pgrst, 'reload config'`);
    await expect
      .poll(async () => (await sb.from('rest_posts').select('count()')).error?.code ?? 'allowed')
      .toBe('allowed');
    const toMany = await sb.from('rest_posts').select('id, ...rest_comments(score.sum())');
    expect(toMany.status).toBe(400);
    expect(toMany.error).toMatchObject({
      code: 'PGRST127',
      details: 'Aggregate functions inside a to-many spread relationship',
    });
  });

  it("hoists an aggregate inside a to-one spread into the parent's grouping, as PostgREST does", async () => {
    // PostgREST's own example: the sum of the spread's column, grouped by the parent's columns.
    const { data, error } = await sb
      .from('rest_comments')
      .select('...rest_posts(author_id, posts:id.count(), top:id.max())')
      .order('author_id', { referencedTable: 'rest_posts' });
    expect(error).toBeNull();
    expect(data).toEqual(
      expect.arrayContaining([
        { author_id: 1, posts: 3, top: 1 },
        { author_id: 2, posts: 1, top: 3 },
      ]),
    );
    const nested = await sb
      .from('rest_comments')
      .select('...rest_posts(...rest_authors!author_id(name, comments:id.count()))');
    expect(nested.error).toBeNull();
    expect(nested.data).toEqual(
      expect.arrayContaining([
        { name: 'Ann', comments: 3 },
        { name: 'Bob', comments: 1 },
      ]),
    );
    expect(nested.data).toHaveLength(2);
    const counted = await sb
      .from('rest_posts')
      .select('published, ...rest_authors!author_id(authors:count(), rating.sum())')
      .order('published');
    expect(counted.error).toBeNull();
    expect(counted.data).toEqual([
      { published: false, authors: 1, sum: 3 },
      { published: true, authors: 3, sum: 12 },
    ]);
  });
});
