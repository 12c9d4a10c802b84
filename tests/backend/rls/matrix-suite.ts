// The RLS matrix as one suite that runs on any `Database`: PGlite (matrix.test.ts) and real
// PostgreSQL prepared as hosted Supabase is (matrix-postgres.test.ts). Both must give every case the
// same outcome, because the same policies decide.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import { rlsCases, type Target } from './cases.ts';
import { actors, avatarFixtures, demoUsers } from './demo.ts';
import { isAllowed, runSqlCase } from './run-sql-case.ts';

const everyTarget: Target[] = [
  'profiles',
  'public_profiles',
  'comments',
  'reactions',
  'reaction_counts',
  'bookmarks',
  'comment_reports',
  'avatars',
];

/**
 * Registers the matrix's tests in the current `describe`. `open` returns the migrated, seeded database
 * and is called once; the storage fixtures are inserted by the connecting (RLS-bypassing) role.
 */
export function defineRlsMatrix(open: () => Promise<{ db: Database; close: () => Promise<void> }>) {
  let db: Database;
  let close: () => Promise<void> = () => Promise.resolve();

  beforeAll(async () => {
    ({ db, close } = await open());
    for (const fixture of avatarFixtures) {
      const owner = demoUsers[fixture.owner].id;
      await db.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
         values ('avatars', $1, $2::uuid, $3, '{"size": 100, "mimetype": "image/png"}')`,
        [fixture.name, owner, owner],
      );
    }
  });
  afterAll(async () => {
    await close();
  });

  it('covers every actor, every table, view and the avatars bucket, and every operation', () => {
    for (const target of everyTarget) {
      const cases = rlsCases.filter((c) => c.target === target);
      expect(new Set(cases.map((c) => c.actor)), target).toEqual(new Set(actors));
    }
    for (const target of [
      'profiles',
      'comments',
      'reactions',
      'bookmarks',
      'comment_reports',
      'avatars',
    ]) {
      const operations = new Set(
        rlsCases.filter((c) => c.target === target).map((c) => c.operation),
      );
      expect(operations, target).toEqual(new Set(['select', 'insert', 'update', 'delete']));
    }
    expect(rlsCases.filter((c) => c.allowed).length).toBeGreaterThan(0);
  });

  it.each(rlsCases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    const outcome = await runSqlCase(db, testCase);
    expect(isAllowed(testCase, outcome), JSON.stringify(outcome)).toBe(testCase.allowed);
  });

  it('denies with a permission error, not a crash, where the API roles lack the privilege', async () => {
    const deletion = rlsCases.find(
      (c) => c.target === 'comments' && c.operation === 'delete' && c.actor === 'member',
    );
    expect(deletion).toBeDefined();
    if (deletion) expect(await runSqlCase(db, deletion)).toEqual({ error: '42501' });
  });
}
