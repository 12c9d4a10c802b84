// The RLS matrix (tests/backend/rls/cases.ts) run through supabase-js against the REST service: the
// same rules must hold for requests as for SQL. Each case is rolled back (Prefer: tx=rollback).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rlsCases, type RlsCase } from '../rls/cases.ts';
import { demoUsers, type Actor } from '../rls/demo.ts';
import { startRestServer, type Client, type RestServer } from './server.ts';

interface Outcome {
  status: number;
  code: string | null;
  count: number | null;
}

const restCases = rlsCases.filter((testCase) => testCase.target !== 'avatars');

describe('the RLS matrix through the REST service', () => {
  let server: RestServer;
  const clients = new Map<Actor, Client>();

  function run(
    testCase: RlsCase,
  ): PromiseLike<{ status: number; count: number | null; error: { code: string } | null }> {
    const client = clients.get(testCase.actor);
    if (!client) throw new Error(`No client for ${testCase.actor}`);
    const table = client.from(testCase.target);
    const match = testCase.match ?? {};
    switch (testCase.operation) {
      case 'select':
        return table.select('*', { count: 'exact' }).match(match).rollback();
      case 'insert':
        return table.insert(testCase.values ?? {}).rollback();
      case 'update':
        return table
          .update(testCase.values ?? {}, { count: 'exact' })
          .match(match)
          .rollback();
      case 'delete':
        return table.delete({ count: 'exact' }).match(match).rollback();
    }
  }

  async function outcomeOf(testCase: RlsCase): Promise<Outcome> {
    const { status, count, error } = await run(testCase);
    return { status, code: error?.code ?? null, count };
  }

  function isAllowed(testCase: RlsCase, outcome: Outcome): boolean {
    if (outcome.code !== null) return false;
    return testCase.operation === 'insert' || (outcome.count ?? 0) > 0;
  }

  beforeAll(async () => {
    server = await startRestServer();
    clients.set('anon', server.anon());
    // As claimsFor (the SQL matrix): the moderator and the admin past their second factor.
    for (const [actor, user] of Object.entries(demoUsers) as [Actor, { id: string }][]) {
      const secondFactor = actor === 'moderator' || actor === 'admin';
      clients.set(actor, server.withToken(await server.tokenFor(user.id, { secondFactor })));
    }
  });
  afterAll(async () => {
    await server.stop();
  });

  it('covers every table and view case of the matrix', () => {
    expect(restCases.length).toBeGreaterThan(100);
    expect(new Set(restCases.map((c) => c.target)).size).toBe(7);
  });

  it.each(restCases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    const outcome = await outcomeOf(testCase);
    expect(isAllowed(testCase, outcome), JSON.stringify(outcome)).toBe(testCase.allowed);
    if (outcome.code === '42501') {
      // PostgREST: insufficient privilege is 401 for anon and 403 for a signed-in user.
      expect(outcome.status).toBe(testCase.actor === 'anon' ? 401 : 403);
    }
  });

  it('leaves nothing behind: every case was rolled back', async () => {
    const { rows } = await server.db.query<{ n: number }>(
      `select count(*)::int as n from public.profiles where display_name = 'Impostor'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
