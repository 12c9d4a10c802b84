import type { Database, Tx } from '../db/database.ts';
import { CommittedError } from './sessions.ts';

/** db.transaction, except that a CommittedError commits the work done so far and then fails. */
export async function runTransaction<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const outcome = await db.transaction(async (tx) => {
    try {
      return { ok: true as const, value: await fn(tx) };
    } catch (error) {
      if (error instanceof CommittedError) return { ok: false as const, error: error.error };
      throw error;
    }
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
