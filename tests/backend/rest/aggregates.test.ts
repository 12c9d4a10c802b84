// Aggregates (`count()`, `col.sum()`, `avg`, `min`, `max`, grouped by the other selected columns),
// allowed as on PostgREST only once the authenticator role has `pgrst.db_aggregates_enabled` and
// PostgREST was told to reload its configuration (Supabase's documented steps).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type Client, type RestServer } from './server.ts';

const REFUSED = {
  code: 'PGRST123',
  message: 'Use of aggregate functions is not allowed',
  details: null,
  hint: null,
};

describe('aggregates through supabase-js select()', () => {
  let server: RestServer;
  let sb: Client;

  /** Sets the role setting (or resets it) and reloads PostgREST's configuration. */
  async function setAggregates(enabled: boolean) {
    await server.db.exec(
      enabled
        ? `alter role authenticator set pgrst.db_aggregates_enabled = 'true'`
        : `alter role authenticator reset pgrst.db_aggregates_enabled`,
    );
    await server.db.exec(`notify pgrst, 'reload config'`);
    // The notification reaches the server asynchronously: wait until a request sees it.
    await expect
      .poll(async () => (await sb.from('rest_posts').select('count()')).error?.code ?? 'allowed', {
        timeout: 20_000,
      })
      .toBe(enabled ? 'allowed' : 'PGRST123');
  }

  beforeAll(async () => {
    server = await startFixtureServer();
    sb = server.anon();
  });
  afterAll(async () => {
    await server.stop();
  });

  it("refuses aggregates with PostgREST's PGRST123 while the setting is off", async () => {
    const count = await sb.from('rest_posts').select('count()');
    expect(count.status).toBe(400);
    expect(count.error).toEqual(REFUSED);
    const sum = await sb.from('rest_comments').select('post_id, score.sum()');
    expect(sum.error).toEqual(REFUSED);
  });

  it('keeps refusing after ALTER ROLE until the configuration is reloaded', async () => {
    await server.db.exec(`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`);
    expect((await sb.from('rest_posts').select('count()')).error).toEqual(REFUSED);
    await setAggregates(true);
  });

  it('counts all rows with count(), named "count" unless aliased', async () => {
    expect((await sb.from('rest_posts').select('count()')).data).toEqual([{ count: 5 }]);
    const published = await sb.from('rest_posts').select('total:count()').eq('published', true);
    expect(published.data).toEqual([{ total: 4 }]);
  });

  it('groups by the other selected columns', async () => {
    const { data, error } = await sb
      .from('rest_posts')
      .select('author_id, count(), id.sum()')
      .order('author_id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { author_id: 1, count: 2, sum: 3 },
      { author_id: 2, count: 2, sum: 7 },
      { author_id: null, count: 1, sum: 5 },
    ]);
  });

  it('applies avg, min and max with aliases and a cast of the result', async () => {
    const { data, error } = await sb
      .from('rest_comments')
      .select('post_id, best:score.max(), worst:score.min(), score.avg()::int')
      .order('post_id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { post_id: 1, best: 5, worst: 1, avg: 3 },
      { post_id: 3, best: 3, worst: 3, avg: 3 },
    ]);
  });

  it('groups by an embedded row, and aggregates inside a to-many embed', async () => {
    const byAuthor = await sb
      .from('rest_posts')
      .select('count(), author:rest_authors!author_id(name)');
    expect(byAuthor.error).toBeNull();
    expect(byAuthor.data).toHaveLength(3);
    expect(byAuthor.data).toEqual(
      expect.arrayContaining([
        { count: 2, author: { name: 'Ann' } },
        { count: 2, author: { name: 'Bob' } },
        { count: 1, author: null },
      ]),
    );
    // The posts' own columns are not grouped: ordering by one is Postgres's grouping error, as
    // on PostgREST (which also groups by the embed only).
    const ordered = await sb
      .from('rest_posts')
      .select('count(), author:rest_authors!author_id(name)')
      .order('author_id');
    expect(ordered.status).toBe(400);
    expect(ordered.error?.code).toBe('42803');
    const perAuthor = await sb
      .from('rest_authors')
      .select('name, rest_posts!author_id(count())')
      .lte('id', 3)
      .order('id');
    expect(perAuthor.data).toEqual([
      { name: 'Ann', rest_posts: [{ count: 2 }] },
      { name: 'Bob', rest_posts: [{ count: 2 }] },
      { name: 'Cyd', rest_posts: [{ count: 0 }] },
    ]);
  });

  it('groups by the embedded row itself: rows of different parents with equal embeds share a group', async () => {
    // Comments 1-3 belong to post 1, comment 4 to post 3; both posts are published. PostgREST's
    // groupF groups by the embed's value (`GROUP BY "rest_posts"`), not by the foreign key.
    const toOne = await sb
      .from('rest_comments')
      .select('count(), score.sum(), rest_posts(published)');
    expect(toOne.error).toBeNull();
    expect(toOne.data).toEqual([{ count: 4, sum: 13, rest_posts: { published: true } }]);
    // To-many: Cyd and O'Neil both have no posts (an equal `[]`), Ann's and Bob's lists differ.
    const toMany = await sb
      .from('rest_authors')
      .select('count(), rest_posts!author_id(published)')
      .order('published', { referencedTable: 'rest_posts' });
    expect(toMany.error).toBeNull();
    expect(toMany.data).toHaveLength(3);
    expect(toMany.data).toEqual(
      expect.arrayContaining([
        { count: 2, rest_posts: [] },
        { count: 1, rest_posts: [{ published: true }, { published: true }] },
        { count: 1, rest_posts: [{ published: false }, { published: true }] },
      ]),
    );
  });

  it("groups by a to-many spread's arrays (PostgREST 13), and by a to-one spread's values", async () => {
    const toMany = await sb
      .from('rest_authors')
      .select('count(), ...rest_posts!author_id(published)');
    expect(toMany.error).toBeNull();
    expect(toMany.data).toHaveLength(3);
    expect(toMany.data).toEqual(expect.arrayContaining([{ count: 2, published: [] }]));
    const toOne = await sb.from('rest_comments').select('count(), ...rest_posts(published)');
    expect(toOne.data).toEqual([{ count: 4, published: true }]);
  });

  it('counts the rows, not the groups, with count=exact, as PostgREST does', async () => {
    // PostgREST's count query (readPlanToCountQuery) has no GROUP BY: the total in Content-Range
    // is the number of rows the filters keep, so three groups of five posts answer 206, 0-2/5.
    // https://github.com/PostgREST/postgrest/issues/3800 tracks this upstream.
    const grouped = await sb
      .from('rest_posts')
      .select('author_id, count()', { count: 'exact' })
      .order('author_id');
    expect(grouped.error).toBeNull();
    expect(grouped.data).toHaveLength(3);
    expect(grouped.count).toBe(5);
    expect(grouped.status).toBe(206);
    const filtered = await sb
      .from('rest_posts')
      .select('count()', { count: 'exact', head: true })
      .eq('published', true);
    expect(filtered.count).toBe(4);
  });

  it('refuses aggregates again once the setting is reset and reloaded', async () => {
    await setAggregates(false);
    expect((await sb.from('rest_comments').select('score.max()')).error).toEqual(REFUSED);
  });
});
