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
      .select('count(), author:rest_authors!author_id(name)')
      .order('author_id');
    expect(byAuthor.error).toBeNull();
    expect(byAuthor.data).toEqual([
      { count: 2, author: { name: 'Ann' } },
      { count: 2, author: { name: 'Bob' } },
      { count: 1, author: null },
    ]);
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

  it('refuses aggregates again once the setting is reset and reloaded', async () => {
    await setAggregates(false);
    expect((await sb.from('rest_comments').select('score.max()')).error).toEqual(REFUSED);
  });
});
