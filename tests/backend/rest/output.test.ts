// Response formats other than JSON, as PostgREST answers them: CSV, GeoJSON without PostGIS, and
// counts the planner estimates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type Client, type RestServer } from './server.ts';

describe('response formats through supabase-js', () => {
  let server: RestServer;
  let sb: Client;

  beforeAll(async () => {
    server = await startFixtureServer();
    sb = server.anon();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers .csv() with a header row and Postgres-quoted values, NULL as empty', async () => {
    const { data, error, status } = await sb
      .from('rest_authors')
      .select('id, name, email, tags')
      .order('id')
      .csv();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe(
      [
        'id,name,email,tags',
        '1,Ann,ann@example.test,"{poetry,essays}"',
        '2,Bob,bob@example.test,{essays}',
        '3,Cyd,,{}',
        '4,"O\'Neil, Jr.",oneil@example.test,{drama}',
      ].join('\n'),
    );
  });

  it('answers an empty CSV with an empty header line', async () => {
    const response = await fetch(`${server.rest}/rest_authors?id=eq.999`, {
      headers: { apikey: server.anonKey, Accept: 'text/csv' },
    });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await response.text()).toBe('\n');
  });

  it("counts with the planner's estimate for count=planned, exactly for small count=estimated", async () => {
    await server.db.exec('analyze public.rest_authors');
    // A fifth row on the same page: the statistics still say four rows.
    await server.db.exec("insert into public.rest_authors (id, name) values (5, 'Dee')");
    const planned = await sb.from('rest_authors').select('id', { count: 'planned' }).limit(2);
    expect(planned.error).toBeNull();
    expect(planned.status).toBe(206);
    expect(planned.count).toBe(4);
    const estimated = await sb.from('rest_authors').select('id', { count: 'estimated' }).limit(2);
    expect(estimated.count).toBe(5);
    const exact = await sb.from('rest_authors').select('id', { count: 'exact', head: true });
    expect(exact.count).toBe(5);
    await server.db.exec('delete from public.rest_authors where id = 5');
  });

  it('refuses GeoJSON with 406 PGRST107, as PostgREST does without PostGIS', async () => {
    const { error, status } = await sb.from('rest_authors').select('id').geojson();
    expect(status).toBe(406);
    expect(error).toMatchObject({
      code: 'PGRST107',
      message: 'None of these media types are available: application/geo+json',
    });
  });
});
