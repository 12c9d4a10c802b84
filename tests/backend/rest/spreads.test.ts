// Spreads with embeds inside (PostgREST 12+): `...rel(col, other(*))` adds `other` to the parent's
// object (to-one), or an array of them (to-many, PostgREST 13), and spreads nest. Aggregates inside a
// spread remain PGRST127 here (PostgREST hoists them into the parent's grouping).
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

  it('nests spreads, and keeps refusing what PostgREST hoists (aggregates in a spread)', async () => {
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
    const hoisted = await sb.from('rest_posts').select('id, ...rest_comments(score.sum())');
    expect(hoisted.status).toBe(400);
    expect(hoisted.error).toMatchObject({
      code: 'PGRST127',
      details: 'Aggregate functions inside a spread relationship',
    });
  });
});
