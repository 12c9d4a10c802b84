import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import { freshDatabase } from '../helpers/database.ts';
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

describe('the RLS matrix on the real policies', () => {
  let db: Database;

  beforeAll(async () => {
    db = await freshDatabase();
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
    await db.close();
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
});
