// Runs one RLS case as SQL, as its actor, the way the server runs requests (`db.asRole` with the
// actor's claims), and rolls it back so that cases never affect each other.
import {
  isDatabaseError,
  type Claims,
  type Database,
  type Tx,
} from '../../../local-supabase/db/database.ts';
import type { RlsCase, Target } from './cases.ts';
import { claimsFor } from './demo.ts';

export type Outcome = { rows: number } | { error: string };

/** What a case did: rows seen or changed, or the SQLSTATE it failed with. */
export function isAllowed(testCase: RlsCase, outcome: Outcome): boolean {
  if ('error' in outcome) return false;
  return testCase.operation === 'insert' ? outcome.rows === 1 : outcome.rows > 0;
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

function tableOf(target: Target): string {
  return target === 'avatars' ? 'storage.objects' : `public.${quote(target)}`;
}

function encode(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/** Builds the statement; storage cases also pin the bucket and, for inserts, the owner. */
function buildStatement(testCase: RlsCase): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(encode(value));
    return `$${params.length}`;
  };
  const match = { ...testCase.match };
  const values: Record<string, unknown> = { ...testCase.values };
  if (testCase.target === 'avatars') {
    match.bucket_id = 'avatars';
    if (testCase.operation === 'insert') values.bucket_id = 'avatars';
  }
  const where = () =>
    Object.entries(match)
      .map(([column, value]) => `${quote(column)} = ${param(value)}`)
      .join(' and ');
  const table = tableOf(testCase.target);

  switch (testCase.operation) {
    case 'select':
      return { sql: `select count(*)::int as rows from ${table} where ${where()}`, params };
    case 'delete':
      return { sql: `delete from ${table} where ${where()}`, params };
    case 'update': {
      const set = Object.entries(values)
        .map(([column, value]) => `${quote(column)} = ${param(value)}`)
        .join(', ');
      return { sql: `update ${table} set ${set} where ${where()}`, params };
    }
    case 'insert': {
      const columns = Object.keys(values);
      const placeholders = columns.map((column) => param(values[column]));
      const owner = testCase.target === 'avatars' ? ', owner, owner_id' : '';
      const ownerValues = testCase.target === 'avatars' ? ', auth.uid(), auth.uid()::text' : '';
      return {
        sql: `insert into ${table} (${columns.map(quote).join(', ')}${owner}) values (${placeholders.join(', ')}${ownerValues})`,
        params,
      };
    }
  }
}

class Rollback extends Error {}

async function execute(tx: Tx, testCase: RlsCase): Promise<Outcome> {
  const { sql, params } = buildStatement(testCase);
  try {
    const result = await tx.query<{ rows: number }>(sql, params);
    if (testCase.operation === 'select') return { rows: result.rows[0]?.rows ?? 0 };
    return { rows: result.affectedRows ?? 0 };
  } catch (error) {
    if (isDatabaseError(error)) return { error: error.code ?? 'unknown' };
    throw error;
  }
}

/** Runs the case as its actor and rolls everything back. */
export function runSqlCase(db: Database, testCase: RlsCase): Promise<Outcome> {
  return runSqlCaseWith(db, testCase, claimsFor(testCase.actor));
}

/** Runs the case with these claims instead of its actor's usual ones (another `aal`, say). */
export async function runSqlCaseWith(
  db: Database,
  testCase: RlsCase,
  claims: Claims,
): Promise<Outcome> {
  let outcome: Outcome | undefined;
  try {
    await db.asRole(claims, async (tx) => {
      outcome = await execute(tx, testCase);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (!outcome) throw new Error(`Case "${testCase.name}" produced no outcome`);
  return outcome;
}
