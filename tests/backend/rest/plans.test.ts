// Execution plans through postgrest-js's `explain()`: refused with PGRST107 until the authenticator
// role has `pgrst.db_plan_enabled` and PostgREST reloaded its configuration (Supabase's documented
// steps), then Postgres' EXPLAIN of the request's statement as text or JSON, with the options.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type Client, type RestServer } from './server.ts';

describe('execution plans (explain)', () => {
  let server: RestServer;
  let sb: Client;

  beforeAll(async () => {
    server = await startFixtureServer();
    sb = server.anon();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('refuses a plan with PGRST107 while pgrst.db_plan_enabled is not set', async () => {
    const { data, error, status } = await sb.from('rest_posts').select('id').explain();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error).toEqual({
      code: 'PGRST107',
      message:
        'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
      details: null,
      hint: null,
    });
  });

  it('answers plans once db_plan_enabled is set and the configuration reloaded', async () => {
    await server.db.exec(`alter role authenticator set pgrst.db_plan_enabled = 'true'`);
    await server.db.exec(`notify pgrst, 'reload config'`);
    await expect
      .poll(async () => (await sb.from('rest_posts').select('id').explain()).status)
      .toBe(200);

    const text = await sb.from('rest_posts').select('id, title').eq('published', true).explain();
    expect(text.error).toBeNull();
    expect(typeof text.data).toBe('string');
    expect(text.data).toMatch(/Scan on rest_posts/);
    expect(text.data).not.toMatch(/Execution Time/);

    const analyzed = await sb
      .from('rest_posts')
      .select('id')
      .explain({ analyze: true, verbose: true });
    expect(analyzed.data).toMatch(/Execution Time/);
    expect(analyzed.data).toMatch(/Output:/);
    expect(analyzed.data).toMatch(/Scan on public\.rest_posts/);

    const json = await sb.from('rest_posts').select('id').explain({ format: 'json' });
    expect(json.error).toBeNull();
    const plans = json.data as unknown as { Plan: { 'Node Type': string } }[];
    expect(plans).toHaveLength(1);
    expect(plans[0]?.Plan['Node Type']).toEqual(expect.any(String));
  });

  it('names what the plan is for in its media type, and explains calls and writes too', async () => {
    const response = await fetch(`${server.rest}/rest_posts?select=id&id=eq.1`, {
      headers: {
        apikey: server.anonKey,
        accept: 'application/vnd.pgrst.plan+text; for="application/vnd.pgrst.object+json"',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+text; for="application/vnd.pgrst.object+json"; charset=utf-8',
    );
    const call = await sb.rpc('is_moderator').explain();
    expect(call.error).toBeNull();
    expect(typeof call.data).toBe('string');

    const admin = server.service();
    const write = await admin
      .from('rest_authors')
      .insert({ id: 90, name: 'Planned' })
      .select()
      .explain({ analyze: true });
    expect(write.error).toBeNull();
    expect(write.data).toMatch(/Insert on rest_authors/);
    // The plan's transaction is rolled back: nothing was written.
    expect((await admin.from('rest_authors').select('id').eq('id', 90)).data).toEqual([]);
  });
});
